import { Badge, CloseButton, Group, Text } from '@mantine/core';
import type { DirectoryKind } from '@qcdesk/contracts';
import { useI18n } from '../i18n/locale-store';
import { useDirectoryName } from './DirectorySelect';

/** An active filter shown above the table: what it is, its value, and the query change that removes it. */
export interface FilterTag {
  key: string;
  label: string;
  value: string;
  /** a directory id shown by its name */
  directory?: DirectoryKind;
  remove: Readonly<Record<string, string | undefined>>;
}

function Tag({ tag, onRemove }: { tag: FilterTag; onRemove: () => void }) {
  const { t } = useI18n();
  const value = useDirectoryName(tag.directory, tag.value);
  const text = `${tag.label}：${value}`;
  return (
    <Badge
      data-filter-tag={tag.key}
      variant="light"
      color="gray"
      tt="none"
      size="lg"
      fw={400}
      rightSection={
        <CloseButton size="xs" aria-label={t('common.removeFilter', { name: tag.label })} onClick={onRemove} />
      }
    >
      {text}
    </Badge>
  );
}

/** The active filters as removable tags (issue 15, defect 6); removing one searches again without it. */
export function FilterTags({
  tags,
  onRemove,
}: {
  tags: readonly FilterTag[];
  onRemove: (change: Readonly<Record<string, string | undefined>>) => void;
}) {
  const { t } = useI18n();
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label={t('common.activeFilters')} role="group">
      <Text size="sm" c="dimmed">
        {t('common.activeFilters')}
      </Text>
      {tags.map((tag) => (
        <Tag key={tag.key} tag={tag} onRemove={() => onRemove(tag.remove)} />
      ))}
    </Group>
  );
}
