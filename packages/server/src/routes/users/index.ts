import type { FastifyInstance } from 'fastify';
import '../../seed/demo-second-organization.js';
import { roleRoutes } from './role-routes.js';
import { userRoutes } from './user-routes.js';

/** People: users, roles and the permission keys roles hold (/v3/users/…). */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  await userRoutes(app);
  await roleRoutes(app);
}
