import { Badge } from '@mantine/core';
import { AgentVisibility, agentVisibilityOf } from '@qcdesk/contracts';
import { useI18n } from '../../../i18n/locale-store';

/** Whether agents see the ratings of their sessions, as the list's tag shows it. */
export function AgentVisibleTag({ visible }: { visible: boolean | null | undefined }) {
  const { label } = useI18n();
  const value = agentVisibilityOf(visible);
  return (
    <Badge variant="light" color={value === 'VISIBLE' ? 'teal' : 'gray'}>
      {label(AgentVisibility, value)}
    </Badge>
  );
}
