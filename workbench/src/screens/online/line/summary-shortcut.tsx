import { summaryConfigContract } from '@qcdesk/contracts';
import { SUMMARY_CREATE_PATH, summaryConfigDescription } from '../../../entities/summary-config';
import { mayUse } from '../../../entity/access';
import type { CreateShortcut } from '../../../entity/CreatableSelect';
import { EntityForm } from '../../../entity/EntityForm';
import type { Translate } from '../../../i18n/locale-store';

/**
 * The summary select's create shortcut (spec §2.1 "every selector has a create shortcut that opens a drawer"): the
 * summary's create form (name, type) in a 600 drawer; the new summary is chosen, its fields set later in its config.
 */
export function summaryShortcut(t: Translate, can: (key: string | undefined) => boolean): CreateShortcut {
  return {
    title: t('summary.createTitle'),
    width: '600',
    allowed: mayUse(can, summaryConfigContract.base, 'create'),
    form: (onSaved) => (
      <EntityForm
        description={summaryConfigDescription}
        location={{ path: SUMMARY_CREATE_PATH, query: {} }}
        onSaved={onSaved}
      />
    ),
  };
}
