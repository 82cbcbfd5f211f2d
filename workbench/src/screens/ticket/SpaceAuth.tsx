import { Alert, Stack } from '@mantine/core';
import { type Space, spaceContract } from '@qcdesk/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useCan, useSessionStore } from '../../auth/session-store';
import { isOwnSpace } from '../../entities/space';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { AuthorisationPanel } from '../../ui/AuthorisationPanel';
import { SpaceModalLayout } from './SpaceModalLayout';

/** A space's authorisation calls (the line's pair, under the space's base). */
export const SPACE_AUTH_PATHS = {
  pagePath: `${spaceContract.base}/auth/page`,
  applyPath: `${spaceContract.base}/auth/apply`,
} as const;

/**
 * /ticket/space/auth?id=&_modal=large, the auth tab (tickets spec §2 "/ticket/space/auth", §6): the staff panel and the
 * organisation panel of object type SPACE, 10 a page. Both change only with ticket-space.edit; the organisation panel
 * only when the user's organisation is the space's tenant (the server answers the same), otherwise it is read-only
 * and says why.
 */
export function SpaceAuth({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const client = useApi();
  const api = useMemo(() => resource<Space>(client, spaceContract.base, spaceContract), [client]);
  const id = location.query.id ?? '';
  const space = useLoad(() => api.detail(id), [api, id]);
  const organisationId = useSessionStore((s) => s.organisation?.id);
  const mayEdit = useCan()(spaceContract.keys.edit);
  const record = space.data;
  const own = record ? isOwnSpace(record, organisationId) : false;
  return (
    <SpaceModalLayout
      location={location}
      space={record}
      loading={space.loading}
      shared={record !== null && record !== undefined && !own}
      banner={space.error}
    >
      {record && (
        <Stack>
          <AuthorisationPanel
            {...SPACE_AUTH_PATHS}
            targetId={record.id}
            memberType="STAFF"
            title={t('space.auth.staff')}
            editable={mayEdit}
          />
          {mayEdit && !own && (
            <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="space-org-read-only">
              {t('space.auth.orgReadOnly')}
            </Alert>
          )}
          <AuthorisationPanel
            {...SPACE_AUTH_PATHS}
            targetId={record.id}
            memberType="ORG"
            title={t('space.auth.org')}
            editable={mayEdit && own}
            readOnlyHint={t('space.auth.orgReadOnly')}
          />
        </Stack>
      )}
    </SpaceModalLayout>
  );
}
