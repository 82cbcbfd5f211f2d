/** Bad session input: names the JSON path of the problem, in Chinese and English. */
export class SessionInputError extends Error {
  override readonly name = 'SessionInputError';
  readonly path: string;
  readonly zh: string;
  readonly en: string;

  constructor(path: string, zh: string, en: string) {
    super(`${path}: ${en} / ${zh}`);
    this.path = path;
    this.zh = zh;
    this.en = en;
  }
}
