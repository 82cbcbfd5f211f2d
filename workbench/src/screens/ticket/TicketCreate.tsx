import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  LoadingOverlay,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  TICKET_ATTACHMENT_DIR,
  TICKET_LIMITS,
  type TicketCreate as TicketCreateBody,
  type TicketFile,
  ticketCreateSchema,
  ticketFieldProblems,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconLink, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { ApiError, errorText } from '../../api/client';
import { uploadFile } from '../../api/upload-file';
import { useLoad } from '../../api/use-load';
import { TICKET_DETAIL_PATH, ticketOptions } from '../../entities/ticket';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifySuccess } from '../../ui/notify';
import { FileLink } from '../qc/complaint/ComplaintDetail';
import { TicketFieldInput } from './TicketFieldInput';

/**
 * /ticket/create (modal): open a ticket. Choose one of the ACTIVE kinds, then its fields appear as their types ask;
 * title (required, ≤ 100), description, attachments (required when the kind says so), and a ticket group to route it
 * in (without one, you handle it yourself). Opened from a QC result the query carries `sessionId`, `aiResultId` and a
 * title, and the ticket links back to that session. After the save the ticket's detail opens.
 */
export function TicketCreate({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m, locale } = useI18n();
  const { sessionId, aiResultId } = location.query;
  const loaded = useLoad(() => ticketOptions(client, true), [client]);
  const options = loaded.data;
  const [kindId, setKindId] = useState<string | null>(location.query.kindId ?? null);
  const [title, setTitle] = useState(location.query.title ?? '');
  const [content, setContent] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [files, setFiles] = useState<TicketFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const kind = useMemo(() => options?.kinds.find((k) => k.id === kindId) ?? null, [options, kindId]);
  // the only kind there is, chosen for you
  useEffect(() => {
    if (kindId === null && options?.kinds.length === 1) setKindId(options.kinds[0]!.id);
  }, [options, kindId]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setBanner(null);
    try {
      const uploaded = await uploadFile(file, TICKET_ATTACHMENT_DIR);
      setFiles((now) => [...now, uploaded]);
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const body: TicketCreateBody = {
      kindId: kindId ?? '',
      title,
      content: content.trim() === '' ? null : content,
      fieldValues: values,
      attachments: files,
      groupId,
      sessionId: sessionId ?? null,
      aiResultId: aiResultId ?? null,
    };
    // the contract's checks first, then the kind's fields and its attachment rule, all said at their inputs
    const next: Record<string, string> = {};
    const checked = ticketCreateSchema.safeParse(body);
    if (!checked.success) for (const p of toFieldErrors(checked.error, locale)) next[p.field] ??= p.message;
    if (!kindId) next.kindId = t('ticket.chooseKind');
    if (kind) {
      for (const p of ticketFieldProblems(kind.fields, values))
        next[`fieldValues.${p.fieldId}`] ??= m(p.message, p.values ?? {});
      if (kind.attachmentRequired && files.length === 0) next.attachments = m('ticket.attachmentRequired');
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !checked.success) return;
    setBanner(null);
    setSaving(true);
    try {
      const { id } = await call(client, '/v3/feed/ticket/create', { body: checked.data });
      notifySuccess();
      navigate(TICKET_DETAIL_PATH, { id, _modal: 'large', _reload: 'list' }, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.errors && e.errors.length > 0) {
        const placed: Record<string, string> = {};
        for (const p of e.errors) placed[p.field] ??= p.message;
        setErrors(placed);
      } else if (e instanceof ApiError && e.field) setErrors({ [e.field]: e.message });
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loaded.loading} />
      <FormErrorBanner error={banner ?? loaded.error} onClose={() => setBanner(null)} />
      {sessionId && (
        <Alert variant="light" icon={<IconLink size={16} />} data-testid="ticket-origin">
          {t('ticket.fromSession', { id: sessionId })}
        </Alert>
      )}
      {options && options.kinds.length === 0 && <Text c="dimmed">{t('ticket.noKinds')}</Text>}
      <Select
        label={t('ticket.kind')}
        withAsterisk
        data={(options?.kinds ?? []).map((k) => ({ value: k.id, label: k.name }))}
        value={kindId}
        error={errors.kindId}
        onChange={(next) => {
          setKindId(next);
          setValues({});
        }}
      />
      <TextInput
        label={t('ticket.subject')}
        withAsterisk
        maxLength={TICKET_LIMITS.titleMax}
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <Textarea
        label={t('ticket.content')}
        rows={3}
        maxLength={TICKET_LIMITS.contentMax}
        value={content}
        error={errors.content}
        onChange={(e) => setContent(e.currentTarget.value)}
      />
      {kind?.fields.map((field) => (
        <TicketFieldInput
          key={field.fieldId}
          field={field}
          value={values[field.fieldId]}
          error={errors[`fieldValues.${field.fieldId}`]}
          onChange={(value) => setValues((now) => ({ ...now, [field.fieldId]: value }))}
        />
      ))}
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} />}
                loading={uploading}
                disabled={files.length >= TICKET_LIMITS.attachmentsMax}
              >
                {t('ticket.upload')}
                {kind?.attachmentRequired ? ' *' : ''}
              </Button>
            )}
          </FileButton>
          {files.map((file) => (
            <Group key={file.path} gap={4} data-testid="ticket-attachment">
              <FileLink path={file.path} name={file.name} />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('ticket.removeFile', { name: file.name })}
                onClick={() => setFiles((now) => now.filter((f) => f.path !== file.path))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('ticket.uploadHint', { max: TICKET_LIMITS.attachmentsMax })}
        </Text>
        {errors.attachments && (
          <Text size="xs" c="red" data-testid="attachments-error">
            {errors.attachments}
          </Text>
        )}
      </Stack>
      <Select
        label={t('ticket.group')}
        description={t('ticket.groupHint')}
        clearable
        data={(options?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        value={groupId}
        error={errors.groupId}
        onChange={setGroupId}
      />
      <Group justify="flex-end">
        <Button loading={saving} disabled={!options} onClick={() => void submit()}>
          {t('ticket.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
