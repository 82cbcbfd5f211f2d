import { type SpaceType, spaceContract } from '@qcdesk/contracts';
import { SPACE_CREATE_PATH, spaceDescription } from '../../../entities/space';
import { mayUse } from '../../../entity/access';
import type { CreateShortcut } from '../../../entity/CreatableSelect';
import { EntityForm } from '../../../entity/EntityForm';
import type { Translate } from '../../../i18n/locale-store';

/** The space selectors' create shortcut: a 600 drawer with the space form, its type fixed to the selector's. */
export function spaceShortcut(
  type: SpaceType,
  t: Translate,
  can: (key: string | undefined) => boolean,
): CreateShortcut {
  return {
    title: t('csLine.spaceCreateTitle'),
    width: '600',
    allowed: mayUse(can, spaceContract.base, 'create'),
    form: (onSaved) => (
      <EntityForm
        description={spaceDescription}
        location={{ path: SPACE_CREATE_PATH, query: { type } }}
        onSaved={onSaved}
      />
    ),
  };
}
