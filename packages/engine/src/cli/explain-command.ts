import { describeInspection, inspect } from '../index.js';
import { compileInputs } from './compile-inputs.js';
import type { CliIo } from './inspect-command.js';
import { CliError, readJsonFile } from './load-rules.js';

export interface ExplainOptions {
  readonly rules: string;
  readonly scheme?: string;
  readonly session: string;
}

/** `qc-engine explain`: a readable account of one session — which condition hit where, and why not. */
export async function explainCommand(options: ExplainOptions, io: CliIo): Promise<number> {
  const compiled = await compileInputs(options.rules, options.scheme);
  const session = await readJsonFile(options.session, 'session');
  let text: string;
  try {
    text = describeInspection(inspect(compiled, session));
  } catch (error) {
    throw new CliError(`${options.session}: ${(error as Error).message}`, 1);
  }
  io.stdout.write(`${text}\n`);
  return 0;
}
