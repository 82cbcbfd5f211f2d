import { Anchor, Avatar, Group } from '@mantine/core';
import type { Chatbot } from '@qcdesk/contracts';
import type { RouteTarget } from '../../entity/types';
import { navigate } from '../../router/router-store';
import { storedFileUrl } from '../../ui/ImageUploadField';

/** The chatbot list's name cell (spec §2.5 "name with avatar"): its avatar, or its initial, and its name as a link. */
export function ChatbotName({ row, to }: { row: Chatbot; to: RouteTarget }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Avatar src={row.avatar ? storedFileUrl(row.avatar) : null} size={24} radius="xl" alt="">
        {row.name.slice(0, 1)}
      </Avatar>
      <Anchor component="button" type="button" onClick={() => navigate(to.path, to.query)}>
        {row.name}
      </Anchor>
    </Group>
  );
}
