/** How the calibration tab writes its figures: three decimals, a percentage, '—' where a figure is undefined. */
export const f3 = (x: number): string => (Number.isNaN(x) ? '—' : x.toFixed(3));
export const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(x * 100).toFixed(1)}%`);
export const signed = (x: number): string => (Number.isNaN(x) ? '—' : `${x > 0 ? '+' : ''}${x.toFixed(3)}`);
