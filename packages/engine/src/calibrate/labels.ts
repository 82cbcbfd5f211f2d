/** Bad label input: names where (a line of a label file, or a JSON path in a session), in Chinese and English. */
export class LabelInputError extends Error {
  override readonly name = 'LabelInputError';
  constructor(
    /** e.g. `labels.csv:12` or `line 3 $.humanQuality.S` */
    readonly where: string,
    readonly zh: string,
    readonly en: string,
  ) {
    super(`${where}: ${en} / ${zh}`);
  }
}

/** A field path such as `humanQuality.S` or `scores[0].value`, split into keys. */
export function parseFieldPath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/gy;
  let position = 0;
  while (position < path.length) {
    if (path[position] === '.' && position > 0) position++;
    pattern.lastIndex = position;
    const match = pattern.exec(path);
    if (match === null) {
      throw new LabelInputError(
        `--label ${path}`,
        `字段路径在第 ${position + 1} 个字符处有误`,
        `bad field path at character ${position + 1}`,
      );
    }
    keys.push(match[2] === undefined ? match[1]! : Number(match[2]));
    position = pattern.lastIndex;
  }
  if (keys.length === 0) throw new LabelInputError('--label', '字段路径为空', 'the field path is empty');
  return keys;
}

/**
 * The label a session record carries at `path` (e.g. `humanQuality.S`): a finite number, or null when the
 * record has no such field (an unlabelled session, like STC-3's test dialogues). A field that is there but not a
 * number (or a numeric string) is an error naming its JSON path; `where` prefixes it (e.g. `train.jsonl:12`).
 */
export function labelOfRecord(record: unknown, path: string | readonly (string | number)[], where = ''): number | null {
  const keys = typeof path === 'string' ? parseFieldPath(path) : path;
  let value: unknown = record;
  let jsonPath = '$';
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string | number, unknown>)[key];
    jsonPath += typeof key === 'number' ? `[${key}]` : `.${key}`;
    if (value === undefined || value === null) return null;
  }
  const label = toLabel(value);
  if (label === null) {
    throw new LabelInputError(
      `${where}${where === '' ? '' : ' '}${jsonPath}`,
      `标注分数必须是数字，而不是 ${JSON.stringify(value)}`,
      `the label must be a number, not ${JSON.stringify(value)}`,
    );
  }
  return label;
}

function toLabel(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Labels from a file's text, keyed by session id. CSV: `sessionId,score` per line (an optional header line whose
 * score column is not a number is skipped; fields may be double-quoted; `;` or a tab also separate). JSON Lines:
 * one object per line with `sessionId` and `score` (or `label`). `name` is the file's name for messages, which
 * give the 1-based line number. A session labelled twice, a missing id or a score that is not a number is an error.
 */
export function parseLabelFile(text: string, name: string, format?: 'csv' | 'jsonl'): Map<string, number> {
  const kind = format ?? (/\.jsonl?$/i.test(name) || text.trimStart().startsWith('{') ? 'jsonl' : 'csv');
  const labels = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.replace(/^\uFEFF/, '');
    if (line.trim() === '') return;
    const where = `${name}:${i + 1}`;
    const [id, score] = kind === 'jsonl' ? jsonLine(line, where) : csvLine(line, where, i === 0);
    if (id === null) return; // the header
    if (labels.has(id)) {
      throw new LabelInputError(where, `会话 ${id} 的标注重复`, `session ${id} is labelled twice`);
    }
    labels.set(id, score);
  });
  return labels;
}

function jsonLine(line: string, where: string): [string, number] {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    throw new LabelInputError(where, '不是合法的 JSON', `invalid JSON: ${(error as Error).message}`);
  }
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new LabelInputError(where, '每行应为一个 JSON 对象', 'each line must be a JSON object');
  }
  const r = record as Record<string, unknown>;
  const id = r.sessionId ?? r.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new LabelInputError(`${where} $.sessionId`, '缺少会话编号 sessionId', 'sessionId is missing');
  }
  const key = r.score !== undefined ? 'score' : 'label';
  const score = toLabel(r[key]);
  if (score === null) {
    throw new LabelInputError(
      `${where} $.${key}`,
      `标注分数必须是数字，而不是 ${JSON.stringify(r[key] ?? null)}`,
      `the score must be a number, not ${JSON.stringify(r[key] ?? null)}`,
    );
  }
  return [String(id), score];
}

function csvLine(line: string, where: string, first: boolean): [string | null, number] {
  const fields = splitCsv(line);
  if (fields.length < 2) {
    throw new LabelInputError(
      where,
      '每行应为 sessionId,score 两列',
      'each line must have two columns: sessionId,score',
    );
  }
  const id = fields[0]!.trim();
  const score = toLabel(fields[1]);
  if (score === null) {
    if (first) return [null, 0];
    throw new LabelInputError(
      where,
      `第 2 列标注分数必须是数字，而不是 ${JSON.stringify(fields[1])}`,
      `column 2, the score, must be a number, not ${JSON.stringify(fields[1])}`,
    );
  }
  if (id === '') throw new LabelInputError(where, '第 1 列会话编号为空', 'column 1, the session id, is empty');
  return [id, score];
}

function splitCsv(line: string): string[] {
  const separator = line.includes(',') ? ',' : line.includes('\t') ? '\t' : ';';
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}
