/**
 * Lets the page have its turn during a long loop on its thread. Awaiting promises alone never yields to rendering or
 * input (they are microtasks); a message on a fresh channel is a task, so a frame or a click can come first.
 */

const scope = globalThis as unknown as { scheduler?: { yield?: () => Promise<void> } };

/** Resolves after the page has had a chance to render and handle input. */
export function yieldToPage(): Promise<void> {
  if (typeof scope.scheduler?.yield === 'function') return scope.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Yields when `budgetMs` of work has passed since the last turn: cheap to call once per item. */
export class PageTurns {
  private last = performance.now();

  constructor(private readonly budgetMs = 8) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.last < this.budgetMs) return;
    await yieldToPage();
    this.last = performance.now();
  }
}
