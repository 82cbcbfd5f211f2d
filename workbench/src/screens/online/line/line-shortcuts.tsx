import { chatbotContract, csGroupContract, csTimeContract, type SpaceType } from '@qcdesk/contracts';
import type { RecordId } from '../../../api/resource';
import { useCan } from '../../../auth/session-store';
import { CHATBOT_EDIT_PATH, chatbotDescription } from '../../../entities/chatbot';
import { CS_GROUP_CREATE_PATH, csGroupCreateForm, csGroupDescription } from '../../../entities/cs-group';
import { mayUse } from '../../../entity/access';
import type { CreateShortcut } from '../../../entity/CreatableSelect';
import { EntityForm } from '../../../entity/EntityForm';
import { useI18n } from '../../../i18n/locale-store';
import { Drawer } from '../../../ui/Drawer';
import { CsTimeForm } from '../../staffing/CsTimeEdit';
import { spaceShortcut } from './space-shortcut';

/** A skill group created from the hotline section starts as a HOTLINE group (the only type the table takes). */
const hotlineGroupDescription = {
  ...csGroupDescription,
  form: { ...csGroupCreateForm, defaults: () => ({ type: 'HOTLINE' }) },
};

/**
 * The create shortcuts of the line's selectors (spec §2: drawers of 600, 900 for a skill group, 80 % for a service
 * time), each shown only to whoever may create that entity, each choosing the new record on save.
 */
export function useLineShortcuts() {
  const { t } = useI18n();
  const can = useCan();
  const chatbot: CreateShortcut = {
    title: t('chatbot.editTitle.create'),
    width: '600',
    allowed: mayUse(can, chatbotContract.base, 'create'),
    form: (onSaved) => (
      <EntityForm
        description={chatbotDescription}
        location={{ path: CHATBOT_EDIT_PATH, query: {} }}
        onSaved={onSaved}
      />
    ),
  };
  const time: CreateShortcut = {
    title: t('csTime.editTitle.create'),
    width: '80%',
    allowed: mayUse(can, csTimeContract.base, 'create'),
    form: (onSaved) => <CsTimeForm id={null} onSaved={onSaved} />,
  };
  const space = (type: SpaceType): CreateShortcut => spaceShortcut(type, t, can);
  return { chatbot, time, space };
}

/** The 900-wide skill-group drawer of the hotline section: a new HOTLINE group, handed back by id. */
export function HotlineGroupDrawer({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (id: RecordId) => void;
}) {
  const { t } = useI18n();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('csGroup.createTitle')} width="900">
      {opened && (
        <EntityForm
          description={hotlineGroupDescription}
          location={{ path: CS_GROUP_CREATE_PATH, query: {} }}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}

/** Whether the user may create skill groups (the hotline section's create shortcut). */
export function useMayCreateGroup(): boolean {
  return mayUse(useCan(), csGroupContract.base, 'create');
}
