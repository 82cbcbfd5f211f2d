import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS } from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { type RecordId, resource } from '../../../api/resource';
import type { RuleRecord } from '../../../contracts-gaps';
import { qcRuleDescription } from '../../../entities/qc-rule';
import { useI18n } from '../../../i18n/locale-store';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess } from '../../../ui/notify';

/**
 * /qc/rule/create: name and comments. On save it opens /qc/rule/config?id={id}&_reload=list, or, inside a
 * drawer, hands the new id to `onCreated` instead.
 */
export function RuleCreate({ onCreated }: { onCreated?: (id: RecordId) => void }) {
  const client = useApi();
  const api = useMemo(
    () => resource<RuleRecord>(client, qcRuleDescription.api.base, { detailParam: 'ruleId' }),
    [client],
  );
  const { t, m } = useI18n();
  const [name, setName] = useState('');
  const [comments, setComments] = useState('');
  const [errors, setErrors] = useState<{ name?: string; comments?: string }>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const next: { name?: string; comments?: string } = {};
    if (name.trim() === '') next.name = m('common.required');
    else if (name.trim().length > LIMITS.nameMax) next.name = m('common.tooLong', { maximum: LIMITS.nameMax });
    if (comments.length > LIMITS.commentsMax) next.comments = m('common.tooLong', { maximum: LIMITS.commentsMax });
    setErrors(next);
    if (next.name || next.comments) return;
    setSaving(true);
    setBanner(null);
    try {
      const id = await api.save({ name: name.trim(), comments: comments.trim() === '' ? null : comments.trim() });
      notifySuccess();
      if (onCreated) onCreated(id);
      else navigate('/qc/rule/config', { id, _reload: 'list' });
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <TextInput
        label={t('rule.name')}
        withAsterisk
        value={name}
        maxLength={LIMITS.nameMax}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Textarea
        label={t('common.comments')}
        value={comments}
        maxLength={LIMITS.commentsMax}
        error={errors.comments}
        onChange={(e) => setComments(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button loading={saving} onClick={save}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
