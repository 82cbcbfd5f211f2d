import {
  Alert,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type GrantApplyBody,
  type GrantMemberType,
  type GrantPage,
  type GrantPageBody,
  type GrantRow,
  LINE_LIMITS,
} from '@qcdesk/contracts';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { errorText } from '../api/client';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';
import { confirmAction } from './confirm';
import { FormErrorBanner } from './FormErrorBanner';
import { notifySuccess, notifyWarning } from './notify';

export interface AuthorisationPanelProps {
  /** the page call (`/v3/chats/cs-line/auth/page`): body GrantPageBody, query page and size, answer GrantPage */
  pagePath: string;
  /** the apply call (`/v3/chats/cs-line/auth/apply`): body GrantApplyBody */
  applyPath: string;
  /** the record being authorised (a line, a ticket space) */
  targetId: string;
  memberType: GrantMemberType;
  title: string;
  /** whether the caller holds the edit key of the target; the answer's `editable` must agree as well */
  editable: boolean;
  /** said when the caller holds the key but the server answers the panel is not his to change */
  readOnlyHint?: string;
}

type GrantedFilter = 'all' | 'yes' | 'no';

/**
 * An authorisation panel (online-service-config §2.1 "/online/csLine/auth"; ticket spaces reuse it with their own
 * paths): a page of 10 people or organisations with whether each is authorised, a keyword and an authorised filter,
 * a switch per row and the bulk grant or withdrawal of the selected rows (after a confirmation). It is read-only
 * without the edit key, or when the server answers it is not the caller's to change (then with `readOnlyHint`).
 */
export function AuthorisationPanel({
  pagePath,
  applyPath,
  targetId,
  memberType,
  title,
  editable,
  readOnlyHint,
}: AuthorisationPanelProps) {
  const { t, m } = useI18n();
  const client = useApi();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [granted, setGranted] = useState<GrantedFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlyMap<string, GrantRow>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const size = LINE_LIMITS.authPageSize;

  const loaded = useLoad(
    () => {
      const body: GrantPageBody = {
        targetId,
        memberType,
        ...(keyword ? { keyword } : {}),
        ...(granted === 'all' ? {} : { granted: granted === 'yes' }),
      };
      return client.request<GrantPage>({ path: pagePath, query: { page, size }, body });
    },
    [client, pagePath, targetId, memberType, keyword, granted, page],
    { onError: setError },
  );
  const answer = loaded.data;
  const rows = answer?.records ?? [];
  const canChange = editable && answer?.editable === true;

  const apply = async (add: string[], remove: string[]) => {
    setApplying(true);
    setError(null);
    try {
      const body: GrantApplyBody = { targetId, memberType, add, remove };
      await client.request({ path: applyPath, body });
      notifySuccess();
      setSelected(new Map());
      loaded.reload();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setApplying(false);
    }
  };

  const bulk = async (grant: boolean) => {
    if (selected.size === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    const question = t(grant ? 'grant.confirmGrant' : 'grant.confirmWithdraw', { count: selected.size });
    if (!(await confirmAction(question, { danger: !grant }))) return;
    // only the rows whose state changes are sent
    const changing = [...selected.values()].filter((row) => row.granted !== grant).map((row) => row.memberId);
    if (changing.length === 0) {
      setSelected(new Map());
      return;
    }
    await apply(grant ? changing : [], grant ? [] : changing);
  };

  const choose = (row: GrantRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.memberId, row);
      else next.delete(row.memberId);
      return next;
    });
  const pageChosen = rows.length > 0 && rows.every((row) => selected.has(row.memberId));

  const search = () => {
    setKeyword(draft.trim());
    setPage(1);
  };

  const staff = memberType === 'STAFF';
  return (
    <Paper withBorder p="md" pos="relative" data-testid={`grant-${memberType}`}>
      <LoadingOverlay visible={loaded.loading || applying} />
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {editable && answer && !answer.editable && readOnlyHint && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {readOnlyHint}
          </Alert>
        )}
        <FormErrorBanner error={error} onClose={() => setError(null)} />
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('common.keyword')}
            value={draft}
            w={200}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && search()}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`grant-filter-${memberType}`}>
              {t('grant.filter')}
            </Text>
            <SegmentedControl
              aria-labelledby={`grant-filter-${memberType}`}
              value={granted}
              onChange={(v) => {
                setGranted(v as GrantedFilter);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('grant.filterAll') },
                { value: 'yes', label: t('grant.filterGranted') },
                { value: 'no', label: t('grant.filterNotGranted') },
              ]}
            />
          </Stack>
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            {t('common.search')}
          </Button>
          {canChange && (
            <>
              <Button variant="light" onClick={() => void bulk(true)}>
                {t('grant.grant')}
              </Button>
              <Button variant="light" color="gray" onClick={() => void bulk(false)}>
                {t('grant.withdraw')}
              </Button>
            </>
          )}
        </Group>
        <Table withTableBorder highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {canChange && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('picker.selectAll')}
                    checked={pageChosen}
                    disabled={rows.length === 0}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      for (const row of rows) choose(row, on);
                    }}
                  />
                </Table.Th>
              )}
              <Table.Th>{t('grant.memberName')}</Table.Th>
              {staff && <Table.Th>{t('grant.memberCode')}</Table.Th>}
              <Table.Th w={100}>{t('grant.granted')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.memberId} data-row-id={row.memberId}>
                {canChange && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('grant.select', { name: row.memberName })}
                      checked={selected.has(row.memberId)}
                      onChange={(e) => choose(row, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>{row.memberName}</Table.Td>
                {staff && <Table.Td>{row.memberCode ?? '--'}</Table.Td>}
                <Table.Td>
                  <Switch
                    aria-label={t('grant.toggle', { name: row.memberName })}
                    checked={row.granted}
                    disabled={!canChange || applying}
                    onChange={(e) =>
                      void (e.currentTarget.checked ? apply([row.memberId], []) : apply([], [row.memberId]))
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {!loaded.loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canChange ? 4 : 3}>
                  <Text size="sm" c="dimmed" ta="center">
                    {t('common.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.total', { total: answer?.total ?? 0 })}
          </Text>
          <Pagination
            size="sm"
            total={Math.max(1, Math.ceil((answer?.total ?? 0) / size))}
            value={page}
            onChange={setPage}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
