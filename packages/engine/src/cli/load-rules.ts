import { readFile } from 'node:fs/promises';

/** A CLI failure with the exit code it calls for and a message for stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read ${what} ${path}: ${(error as Error).message} / 无法读取${what === 'rules' ? '规则' : '文件'} ${path}`,
      2,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message} / ${path} 不是合法的 JSON`, 2);
  }
}

/** rules.json: a JSON array of QC rules, or a page `{records: [...]}` as the console's API answers. */
export async function loadRules(path: string): Promise<unknown[]> {
  const data = await readJsonFile(path, 'rules');
  if (Array.isArray(data)) return data;
  if (data !== null && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records)) {
    return (data as { records: unknown[] }).records;
  }
  throw new CliError(
    `${path}: expected a JSON array of rules or {"records": [...]} / 规则文件应为规则数组或 {"records": [...]}`,
    2,
  );
}
