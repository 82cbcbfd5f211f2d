import { Anchor, Avatar, Group } from '@mantine/core';
import type { CsAgent } from '@qcdesk/contracts';
import type { RouteTarget } from '../../entity/types';
import { navigate } from '../../router/router-store';
import { ABSENT } from '../../ui/display';

/** The agent list's name cell (spec §2.4 "name with avatar"): his avatar, or his initial, and his name as a link. */
export function AgentName({ row, to }: { row: CsAgent; to: RouteTarget }) {
  const name = row.name || row.nick || ABSENT;
  return (
    <Group gap={6} wrap="nowrap">
      <Avatar src={row.avatar ?? null} size={24} radius="xl" alt="">
        {name.slice(0, 1)}
      </Avatar>
      <Anchor component="button" type="button" onClick={() => navigate(to.path, to.query)}>
        {name}
      </Anchor>
    </Group>
  );
}
