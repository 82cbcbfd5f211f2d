/**
 * Brings the problem of a failed save into sight (issue 15, defect 7): the input it concerns (Mantine marks an input
 * with an error `aria-invalid`), else the message shown for it (`data-problem`), inside the condition card or the
 * combination it belongs to; the input also gets the focus.
 */
export function scrollToProblem(root: HTMLElement, field: string): boolean {
  const condition = /^conditions\.(\d+)/.exec(field);
  const scope =
    (condition ? root.querySelector<HTMLElement>(`[data-condition-index="${condition[1]}"]`) : null) ??
    (field === 'lambda' ? root.querySelector<HTMLElement>('[data-touch="lambda"]') : null) ??
    root;
  const target =
    scope.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    scope.querySelector<HTMLElement>('[data-problem]:not([data-problem="summary"])') ??
    (scope === root ? root.querySelector<HTMLElement>('[data-problem]') : scope);
  if (!target) return false;
  // jsdom has no layout: scrollIntoView is absent there
  target.scrollIntoView?.({ block: 'center' });
  if (target.matches('input, textarea')) target.focus({ preventScroll: true });
  return true;
}
