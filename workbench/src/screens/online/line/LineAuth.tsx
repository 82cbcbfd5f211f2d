import { Stack } from '@mantine/core';
import { type CsLine, csLineContract } from '@qcdesk/contracts';
import { useMemo } from 'react';
import { useApi } from '../../../api/api-context';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { AuthorisationPanel } from '../../../ui/AuthorisationPanel';
import { LineModalLayout } from './LineModalLayout';

/** The line's authorisation calls (online-service-config §2.1; a ticket space has its own pair). */
export const LINE_AUTH_PATHS = {
  pagePath: `${csLineContract.base}/auth/page`,
  applyPath: `${csLineContract.base}/auth/apply`,
} as const;

/**
 * /online/csLine/auth?id=&_modal=full (online-service-config §2.1, §6): the staff panel and the organisation panel,
 * 10 a page. Both change only with csLine.edit; the organisation panel only for the line's own organisation (the
 * server answers whether), otherwise it is read-only and says why.
 */
export function LineAuth({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const client = useApi();
  const api = useMemo(() => resource<CsLine>(client, csLineContract.base, csLineContract), [client]);
  const id = location.query.id ?? '';
  const line = useLoad(() => api.detail(id), [api, id]);
  const editable = useCan()(csLineContract.keys.edit);
  return (
    <LineModalLayout location={location} name={line.data?.name} loading={line.loading} banner={line.error}>
      {id !== '' && (
        <Stack>
          <AuthorisationPanel
            {...LINE_AUTH_PATHS}
            targetId={id}
            memberType="STAFF"
            title={t('csLine.auth.staff')}
            editable={editable}
          />
          <AuthorisationPanel
            {...LINE_AUTH_PATHS}
            targetId={id}
            memberType="ORG"
            title={t('csLine.auth.org')}
            editable={editable}
            readOnlyHint={t('csLine.auth.orgReadOnly')}
          />
        </Stack>
      )}
    </LineModalLayout>
  );
}
