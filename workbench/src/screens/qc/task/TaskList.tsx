import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useApi } from '../../../api/api-context';
import { call } from '../../../api/calls';
import { errorText } from '../../../api/client';
import type { RecordId } from '../../../api/resource';
import { useCan } from '../../../auth/session-store';
import { qcTaskDescription, type TaskRecord } from '../../../entities/qc-task';
import { EntityList } from '../../../entity/EntityList';
import type { EntityDescription } from '../../../entity/types';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess, notifyWarning } from '../../../ui/notify';
import { markTasksStarted, TaskProgress } from './TaskProgress';

/**
 * /qc/task/list: the entity list of QC tasks with a progress column, and a run button that activates the selected
 * tasks and inspects every session in their scope again (/status then /rerun); progress is polled while it runs.
 */
export function TaskList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m } = useI18n();
  const can = useCan();
  const description = useMemo<EntityDescription<TaskRecord>>(() => {
    const columns = [...qcTaskDescription.columns];
    columns.splice(columns.length - 1, 0, {
      key: 'progress',
      title: 'task.progress',
      width: 220,
      render: (row) => <TaskProgress task={row} />,
    });
    return { ...qcTaskDescription, columns };
  }, []);

  const run = async (ids: readonly RecordId[]) => {
    if (ids.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!(await confirmAction(t('task.confirmRun', { count: ids.length }), { danger: false }))) return;
    try {
      await call(client, '/v3/chats/qc-task/status', { body: { ids: ids.map(String), status: 'ACTIVE' } });
      await client.request({ path: '/v3/chats/qc-task/rerun', body: { ids } });
      notifySuccess();
      markTasksStarted(ids);
      navigate(location.path, { ...location.query, _reload: 'list' }, { replace: true });
    } catch (e) {
      notifyError(errorText(e));
    }
  };

  return (
    <EntityList
      description={description}
      location={location}
      extraActions={(selected) =>
        can('qc-task.edit') && (
          <Button variant="light" color="teal" leftSection={<IconPlayerPlay size={16} />} onClick={() => run(selected)}>
            {t('task.run')}
          </Button>
        )
      }
    />
  );
}
