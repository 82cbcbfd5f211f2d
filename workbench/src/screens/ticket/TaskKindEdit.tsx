import { taskKindContract } from '@qcdesk/contracts';
import { KIND_CREATE_PATH, taskKindDescription } from '../../entities/task-kind';
import { mayUse } from '../../entity/access';
import type { CreateShortcut } from '../../entity/CreatableSelect';
import { EntityForm } from '../../entity/EntityForm';
import type { Translate } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';

/**
 * /ticket/kind/create?_modal=small: name, code, taskCode and the attachment switch (entities/task-kind.ts); after
 * the save the kind's config opens (/ticket/kind/config?id={id}&_reload=list).
 */
export function TaskKindEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={taskKindDescription} location={location} />;
}

/**
 * The create form in drawer mode (tickets spec "/ticket/kind/create … in drawer mode returns the new id to the caller
 * instead"): a selector of ticket kinds offers it as its create shortcut, and gets the new kind's id.
 */
export function taskKindShortcut(t: Translate, can: (key: string | undefined) => boolean): CreateShortcut {
  return {
    title: t('ticketKind.createTitle'),
    width: '600',
    allowed: mayUse(can, taskKindContract.base, 'create'),
    form: (onSaved) => (
      <EntityForm
        description={taskKindDescription}
        location={{ path: KIND_CREATE_PATH, query: {} }}
        onSaved={onSaved}
      />
    ),
  };
}
