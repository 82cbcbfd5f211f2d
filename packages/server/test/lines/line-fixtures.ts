import { defaultNavConfig, NAV_TYPE_OF_KIND, type NavKind, navConfigField } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import { apps, csGroups, csNavs, spaces, taskKinds } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Records a line binds, written straight into the store: spaces, ticket kinds, apps, hotline groups and navigations
 * have routes of their own, built and tested elsewhere; these tests need only the rows.
 */
export function lineFixtures(t: TestApp, organizationId: number) {
  const db = t.database.db;
  const id = (row: { id: number } | undefined) => String(row!.id);
  return {
    async app(name = '官网') {
      return id((await db.insert(apps).values({ name, organizationId }).returning({ id: apps.id }))[0]);
    },
    async kind(name: string, code: string) {
      return id((await db.insert(taskKinds).values({ name, code, organizationId }).returning({ id: taskKinds.id }))[0]);
    },
    async space(name: string, type: 'TICKET' | 'CS_QUICK' | 'CS_KB', kindIds: string[] = []) {
      const [row] = await db
        .insert(spaces)
        .values({ name, type, kindIds: kindIds.map(Number), organizationId })
        .returning({ id: spaces.id });
      return id(row);
    },
    async group(name: string, type: 'HOTLINE' | 'ONLINE' = 'HOTLINE') {
      return id((await db.insert(csGroups).values({ name, type, organizationId }).returning({ id: csGroups.id }))[0]);
    },
    /** a navigation of `kind` with the kind's default config (the navigation routes build and check real ones) */
    async nav(kind: NavKind, name: string) {
      const [row] = await db
        .insert(csNavs)
        .values({
          name,
          kind,
          type: NAV_TYPE_OF_KIND[kind],
          [navConfigField(kind)]: defaultNavConfig(kind),
          organizationId,
        })
        .returning({ id: csNavs.id });
      return id(row);
    },
    async renameKind(kindId: string, name: string, code: string) {
      await db
        .update(taskKinds)
        .set({ name, code })
        .where(eq(taskKinds.id, Number(kindId)));
    },
  };
}
