import { Center, Loader } from '@mantine/core';
import { csNavContract, type NavKind } from '@qcdesk/contracts';
import { lazy, Suspense } from 'react';
import { mayUse } from '../../../entity/access';
import type { CreateShortcut } from '../../../entity/CreatableSelect';
import type { Translate } from '../../../i18n/locale-store';

// the editors (drag and drop, the preview) load when a drawer first opens, not with the line's screen
const NavConfigForm = lazy(() => import('../nav/NavConfig').then((m) => ({ default: m.NavConfigForm })));

/**
 * A navigation select's create shortcut (spec §2: "80 % (navigation … create)"; §2.7: "The editor may run in drawer
 * mode, in which case saving only returns the new id to the caller"): the config editor of the select's kind, whose
 * save hands the new navigation to the select.
 */
export function navShortcut(
  kind: NavKind,
  t: Translate,
  label: (kind: NavKind) => string,
  can: (key: string | undefined) => boolean,
): CreateShortcut {
  return {
    title: t('csNav.drawerTitle', { kind: label(kind) }),
    width: '80%',
    allowed: mayUse(can, csNavContract.base, 'create'),
    form: (onSaved) => (
      <Suspense
        fallback={
          <Center mih={120}>
            <Loader size="sm" />
          </Center>
        }
      >
        <NavConfigForm id={null} kind={kind} onSaved={onSaved} />
      </Suspense>
    ),
  };
}
