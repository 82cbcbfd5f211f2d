/** Mantine's NumberInput answers number | string; the draft holds number | null. */
export function numberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '' || value === '-') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
