import { type Chatbot, type CsGroup, chatbotContract, csGroupContract, type NavKind } from '@qcdesk/contracts';
import { call } from '../../../api/calls';
import type { ApiClient } from '../../../api/client';
import { resource } from '../../../api/resource';
import { groupPicker } from '../../../entities/cs-group';
import { navOptions } from '../../../entities/cs-nav';

import type { FormOption, PickerDescription } from '../../../entity/types';

/** How many rows a lookup asks for (the contracts' top-lookup limit). */
const LOOKUP_LIMIT = 100;

/** The chatbots a line may use (/v3/chats/chatbot/list): the nick the visitor sees, and the name where it differs. */
export async function chatbotOptions(client: ApiClient): Promise<FormOption[]> {
  const bots = await resource<Chatbot>(client, chatbotContract.base, chatbotContract).list({
    fields: ['id', 'name', 'nick'],
    limit: LOOKUP_LIMIT,
  });
  return bots.map((b) => ({ value: b.id, label: b.nick && b.nick !== b.name ? `${b.nick}（${b.name}）` : b.name }));
}

/** The apps a line may belong to (spec §7: app unions of mode DEV, status ACTIVE, types FRONT and UNION). */
export async function appOptions(client: ApiClient): Promise<FormOption[]> {
  const apps = await call(client, '/v3/users/app/list/top', {
    body: { mode: 'DEV', status: 'ACTIVE', types: ['FRONT', 'UNION'], fields: ['id', 'name', 'type'] },
  });
  return apps.map((a) => ({ value: a.id, label: a.name }));
}

/** The navigations of a kind a line may bind: a loader, so the navigation entity only has to plug one in. */
export type NavOptionsLoader = (client: ApiClient, kind: NavKind) => Promise<FormOption[]>;

/** The loader the line's config screen uses: the organisation's navigations of the kind (entities/cs-nav.ts). */
export const lineNavOptions: NavOptionsLoader = navOptions;

/** The skill-group picker of the hotline section: the shared picker, HOTLINE groups only (spec §2.1). */
export function hotlineGroupPicker(client: ApiClient): PickerDescription<CsGroup> {
  const shared = groupPicker(client);
  return { ...shared, load: (params) => shared.load({ ...params, filters: { ...params.filters, type: 'HOTLINE' } }) };
}

/** A skill group's name by id (a group just created in the drawer joins the table by its name). */
export async function groupName(client: ApiClient, id: string): Promise<string | null> {
  const group = await resource<CsGroup>(client, csGroupContract.base, csGroupContract).detail(id);
  return group?.name ?? null;
}
