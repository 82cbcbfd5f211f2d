import { useEffect, useRef } from 'react';
import { confirmAction } from '../ui/confirm';
import { setLeaveGuard } from './router-store';

/**
 * While `dirty`, leaving the screen asks `question` first: in-app navigation through the router (the side menu, a
 * modal's close, cancel) and the browser's reload or tab close (`beforeunload`, which shows the browser's own
 * question). Leaving on purpose (after a save) navigates with `force`.
 */
export function useLeaveGuard(dirty: boolean, question: string): void {
  const state = useRef({ dirty, question });
  state.current.dirty = dirty;
  state.current.question = question;

  useEffect(
    () =>
      setLeaveGuard(() => {
        const { dirty: edited, question: text } = state.current;
        return edited ? confirmAction(text, { danger: false }) : true;
      }),
    [],
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
