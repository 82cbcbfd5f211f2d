import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { toFieldErrors, userResetPasswordSchema } from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { useSaveForm } from '../../api/use-save-form';
import { USER_LIST_PATH } from '../../entities/user';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';

/**
 * /system/user/reset-password?id={id}&_modal=small: a new password for one user (8–128 characters, taken as typed);
 * the server ends his sessions. After the save the modal closes back to the user list.
 */
export function UserResetPassword({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, locale } = useI18n();
  const [password, setPassword] = useState('');
  const { saving, errors, setErrors, banner, setBanner, submit } = useSaveForm({
    fieldOf: (field) => (field === 'password' ? 'password' : null),
  });
  const id = location.query.id ?? '';

  const save = async () => {
    const checked = userResetPasswordSchema.safeParse({ id, password });
    if (!checked.success) {
      const problems = toFieldErrors(checked.error, locale);
      const own = problems.find((p) => p.field === 'password');
      setErrors(own ? { password: own.message } : {});
      setBanner(own ? null : problems.map((p) => p.message).join('；'));
      return;
    }
    await submit(
      () => client.request({ path: '/v3/users/user/reset-password', body: checked.data }),
      () => navigate(USER_LIST_PATH, { _reload: 'list' }, { replace: true }),
    );
  };

  return (
    <Stack>
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <PasswordInput
        label={t('user.newPassword')}
        required
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setErrors({});
        }}
      />
      <Group justify="flex-end">
        <Button loading={saving} onClick={save}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
