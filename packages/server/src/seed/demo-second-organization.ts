import { generatePassword } from '../auth/passwords.js';
import { createOrganizationWithAdmin } from '../people/create-people.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/** The demo's second organisation, made as `qcdesk org create` makes one: tenants see nothing of each other. */
export const SECOND_ORGANIZATION = { name: '演示分公司', admin: 'branch-admin', adminName: '分公司管理员' } as const;

/**
 * Its administrator's password: QCDESK_DEMO_PASSWORD when it is long enough for a user's password (8), else one
 * generated and logged, as the CLI prints it.
 */
export async function seedSecondOrganization({ db, config, log }: DemoSeedContext): Promise<void> {
  const fromEnvironment = config.demoPassword !== null && config.demoPassword.length >= 8;
  const password = fromEnvironment ? config.demoPassword! : generatePassword();
  const made = await createOrganizationWithAdmin(db, {
    name: SECOND_ORGANIZATION.name,
    admin: { username: SECOND_ORGANIZATION.admin, name: SECOND_ORGANIZATION.adminName, password },
  });
  log(
    `第二个组织 second organisation ${made.organizationId} ${SECOND_ORGANIZATION.name}: ${SECOND_ORGANIZATION.admin} ${fromEnvironment ? '(QCDESK_DEMO_PASSWORD)' : password}`,
  );
}

demoSeeders.push({ step: 'second-organisation', atomic: true, seed: seedSecondOrganization });
