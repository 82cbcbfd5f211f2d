import type { FastifyInstance } from 'fastify';
import { angleRoutes } from './angle-routes.js';
import { schemeRoutes } from './scheme-routes.js';

/** QC schemes with their angles and angle rule links. */
export async function qcSchemeRoutes(app: FastifyInstance): Promise<void> {
  await schemeRoutes(app);
  await angleRoutes(app);
}
