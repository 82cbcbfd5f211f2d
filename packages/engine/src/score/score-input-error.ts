/** Bad input to a review or manual scoring function: names the path, in Chinese and English. */
export class ScoreInputError extends Error {
  override readonly name = 'ScoreInputError';
  constructor(
    readonly path: string,
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${path}: ${en} / ${zh}`);
  }
}

/** A per-rule score given by a person: 0–100. */
export function checkPoints(value: number, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new ScoreInputError(path, '分数必须在 0–100 之间', 'the score must be between 0 and 100');
  }
  return value;
}
