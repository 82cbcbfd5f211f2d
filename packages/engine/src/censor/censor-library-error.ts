/** A library list that cannot be compiled: `path` names the offending field (`$[2].operation`). */
export class CensorLibraryError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'CensorLibraryError';
  }
}
