import { scoreConfigContract } from '@qcdesk/contracts';
import { SCORE_CREATE_PATH, scoreConfigDescription } from '../../../entities/score-config';
import { mayUse } from '../../../entity/access';
import type { CreateShortcut } from '../../../entity/CreatableSelect';
import { EntityForm } from '../../../entity/EntityForm';
import type { Translate } from '../../../i18n/locale-store';

/**
 * The satisfaction select's create shortcut: a 600 drawer with the create form (name, type, agentVisible, validity);
 * the new config starts with the default survey, which can run at once, and is chosen for the line.
 */
export function scoreShortcut(t: Translate, can: (key: string | undefined) => boolean): CreateShortcut {
  return {
    title: t('score.createTitle'),
    width: '600',
    allowed: mayUse(can, scoreConfigContract.base, 'create'),
    form: (onSaved) => (
      <EntityForm
        description={scoreConfigDescription}
        location={{ path: SCORE_CREATE_PATH, query: {} }}
        onSaved={onSaved}
      />
    ),
  };
}
