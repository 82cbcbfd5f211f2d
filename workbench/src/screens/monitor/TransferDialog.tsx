import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TRANSFER_TARGETS, type TransferAnswer, type TransferTarget } from '@qcdesk/contracts';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { ApiError, errorText } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { useT } from '../../i18n/locale-store';
import { confirmAction } from '../../ui/confirm';
import { FormErrorBanner } from '../../ui/FormErrorBanner';

/** the transfer remark's limit (tickets spec §9 "Transfer remark 200") */
export const REMARK_MAX = 200;

type FieldErrors = Partial<Record<'groupId' | 'agentId' | 'remark', string>>;

/**
 * The agent transfer dialog (tickets spec §2, §5, §8): a target skill group (the groups /v3/chats/cs-group/select
 * offers for the chat) or a target agent (an ONLINE agent below his ceiling of a chosen group), a remark of at most
 * 200, a confirmation, then the transfer and 'transfer succeeded'.
 */
export function TransferDialog({
  opened,
  chatId,
  onClose,
  onTransferred,
}: {
  opened: boolean;
  chatId: string;
  onClose: () => void;
  onTransferred?: (answer: TransferAnswer) => void;
}) {
  const client = useApi();
  const t = useT();
  const [target, setTarget] = useState<TransferTarget>('GROUP');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // a dialog opened again starts empty
  useEffect(() => {
    if (!opened) return;
    setTarget('GROUP');
    setGroupId(null);
    setAgentId(null);
    setRemark('');
    setErrors({});
    setFailure(null);
  }, [opened]);

  const groups = useLoad(
    () => (opened ? call(client, '/v3/chats/cs-group/select', { query: { chatId } }) : Promise.resolve([])),
    [client, chatId, opened],
  );
  const agents = useLoad(
    () =>
      opened && target === 'AGENT' && groupId !== null
        ? call(client, '/v3/chatting/transfer/agents', { query: { chatId, groupId } })
        : Promise.resolve([]),
    [client, chatId, opened, target, groupId],
  );

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (target === 'GROUP' && groupId === null) found.groupId = t('transfer.groupRequired');
    if (target === 'AGENT' && agentId === null) found.agentId = t('transfer.agentRequired');
    if (remark.trim().length > REMARK_MAX) found.remark = t('transfer.remarkTooLong', { max: REMARK_MAX });
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const name =
      target === 'GROUP'
        ? (groups.data?.find((g) => g.id === groupId)?.name ?? groupId!)
        : (agents.data?.find((a) => a.id === agentId)?.nick ?? agentId!);
    const question = t(target === 'GROUP' ? 'transfer.confirmGroup' : 'transfer.confirmAgent', { chatId, name });
    if (!(await confirmAction(question, { danger: false }))) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await call(client, '/v3/chatting/transfer', {
        body: {
          chatId,
          transferTo: target,
          ...(groupId === null ? {} : { groupId }),
          ...(target === 'AGENT' && agentId !== null ? { agentId } : {}),
          ...(remark.trim() === '' ? {} : { remark: remark.trim() }),
        },
      });
      notifications.show({ color: 'green', message: answer.message || t('transfer.succeeded') });
      onTransferred?.(answer);
      onClose();
    } catch (error) {
      // a refusal on a field shows under it; anything else at the top
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'groupId' || field === 'agentId' || field === 'remark')
        setErrors({ [field]: errorText(error) } as FieldErrors);
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('transfer.title')} data-testid="transfer-dialog">
      <Stack gap="sm">
        <FormErrorBanner error={failure} onClose={() => setFailure(null)} />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('transfer.to')}
          </Text>
          <SegmentedControl
            value={target}
            onChange={(value) => {
              setTarget(value as TransferTarget);
              setAgentId(null);
              setErrors({});
            }}
            data={TRANSFER_TARGETS.map((value) => ({
              value,
              label: t(value === 'GROUP' ? 'transfer.toGroup' : 'transfer.toAgent'),
            }))}
            data-testid="transfer-target"
          />
        </div>
        <Select
          label={t('transfer.group')}
          withAsterisk={target === 'GROUP'}
          data={(groups.data ?? []).map((g) => ({
            value: g.id,
            label: g.online ? g.name : `${g.name}${t('transfer.groupOffline')}`,
          }))}
          value={groupId}
          onChange={(value) => {
            setGroupId(value);
            setAgentId(null);
            setErrors((e) => ({ ...e, groupId: undefined }));
          }}
          error={errors.groupId}
          searchable
          clearable
          data-testid="transfer-group"
        />
        {target === 'AGENT' && (
          <Select
            label={t('transfer.agent')}
            withAsterisk
            data={(agents.data ?? []).map((a) => ({
              value: a.id,
              label: t('transfer.agentLoad', { nick: a.nick, receptions: a.receptions, capacity: a.capacity }),
            }))}
            value={agentId}
            onChange={(value) => {
              setAgentId(value);
              setErrors((e) => ({ ...e, agentId: undefined }));
            }}
            error={errors.agentId}
            description={groupId !== null && agents.data?.length === 0 ? t('transfer.noAgents') : undefined}
            searchable
            clearable
            data-testid="transfer-agent"
          />
        )}
        <Textarea
          label={t('transfer.remark')}
          value={remark}
          onChange={(e) => {
            setRemark(e.currentTarget.value);
            setErrors((x) => ({ ...x, remark: undefined }));
          }}
          error={errors.remark}
          description={t('transfer.remarkCount', { count: remark.trim().length, max: REMARK_MAX })}
          rows={3}
          data-testid="transfer-remark"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={saving} data-testid="transfer-submit">
            {t('transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
