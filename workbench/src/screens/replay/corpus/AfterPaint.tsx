import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children one frame later than the rest of the screen: a finished report's charts are the costliest
 * part of it, and drawing them in a task of their own lets the page paint the figures and answer input in between;
 * the drawing itself is a transition, which React interrupts every few ms to let the page have its turn.
 */
export function AfterPaint({ children, frames = 1 }: { children: ReactNode /** frames to wait */; frames?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let left = frames;
    const wait = () => {
      frame = requestAnimationFrame(() => {
        left--;
        // after the frame is painted, in a task of its own
        // as a transition: React draws it in slices, between which the page paints and answers input
        timer = setTimeout(() => (left > 0 ? wait() : startTransition(() => setReady(true))), 0);
      });
    };
    wait();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [frames]);
  return ready ? children : null;
}
