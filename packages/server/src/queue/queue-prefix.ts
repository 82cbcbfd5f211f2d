/**
 * The Redis key prefix of this installation (QCDESK_QUEUE_PREFIX, default `qcdesk`): several installations (or test
 * runs) can share one Redis, each under its own prefix. The evaluation queue and the live feed queue both use it.
 */
export function queuePrefix(): string {
  const prefix = process.env.QCDESK_QUEUE_PREFIX;
  return prefix === undefined || prefix === '' ? 'qcdesk' : prefix;
}
