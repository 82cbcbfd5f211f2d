import { Button, Stack, Tabs } from '@mantine/core';
import { CensorFlag, censorBanContract } from '@qcdesk/contracts';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { errorText } from '../../api/client';
import type { RecordId } from '../../api/resource';
import { useCan } from '../../auth/session-store';
import type { CensorBanRecord } from '../../entities/censor-ban';
import {
  CENSOR_FLAG_PARAM,
  CENSOR_FLAG_TABS,
  censorBanDescription,
  censorFlagOf,
  DEFAULT_CENSOR_FLAG,
} from '../../entities/censor-ban';
import { CENSOR_LOG_BASE, CENSOR_LOG_LIST_PATH } from '../../entities/censor-log';
import { entityPermission, mayUse } from '../../entity/access';
import { EntityList, type ListContext } from '../../entity/EntityList';
import { useI18n } from '../../i18n/locale-store';
import { changedList } from '../../router/list-state';
import type { RouteLocation } from '../../router/location';
import { lastPlaceOf, navigate, navigateTo } from '../../router/router-store';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/notify';

const LOG_TAB = 'censor-log';
const BASE = censorBanContract.base;

/**
 * /cs-censor-ban/list: the tabs 员工 (cs-agent), 客户 (cs-customer) and 敏感词日志 (which opens the log as it was last
 * left), the entity list of the tab's libraries, and delete (the spec's `/remove`: for good, there is no trash)
 * beside activate and deactivate. The tab is the route's `flag`, so reload and back keep it.
 */
export function CensorBanList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m } = useI18n();
  const can = useCan();
  const flag = censorFlagOf(location.query);
  const baseFilters = useMemo(() => ({ flag }), [flag]);

  const remove = async (selected: readonly RecordId[], context: ListContext<CensorBanRecord>) => {
    if (selected.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!(await confirmAction(t('censorBan.confirmRemove', { count: selected.length })))) return;
    try {
      await call(client, `${BASE}/remove`, { body: { ids: selected.map(String) } });
      notifySuccess();
      context.reload();
    } catch (e) {
      notifyError(errorText(e));
    }
  };

  return (
    <Stack gap="xs">
      <Tabs
        value={flag}
        onChange={(value) => {
          if (value === LOG_TAB) navigateTo(lastPlaceOf({ path: CENSOR_LOG_LIST_PATH, query: {} }));
          else if (value && value !== flag)
            navigate(
              location.path,
              changedList(location, { [CENSOR_FLAG_PARAM]: value === DEFAULT_CENSOR_FLAG ? undefined : value }),
            );
        }}
      >
        <Tabs.List>
          {CensorFlag.values.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(CENSOR_FLAG_TABS[value])}
            </Tabs.Tab>
          ))}
          {can(entityPermission(CENSOR_LOG_BASE, 'view')) && (
            <Tabs.Tab value={LOG_TAB}>{t('censorBan.tab.log')}</Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
      {/* a new tab is a new list: nothing selected, the search row as the tab left it */}
      <EntityList
        key={flag}
        description={censorBanDescription}
        location={location}
        baseFilters={baseFilters}
        keepOnReset={[CENSOR_FLAG_PARAM]}
        extraActions={(selected, context) =>
          mayUse(can, BASE, 'delete') && (
            <Button variant="light" color="red" onClick={() => void remove(selected, context)}>
              {t('common.delete')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
