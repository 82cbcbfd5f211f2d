import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { calibrateCommand } from './calibrate-command.js';
import { censorCommand } from './censor-command.js';
import { demoCommand } from './demo-command.js';
import { explainCommand } from './explain-command.js';
import { type CliIo, inspectCommand } from './inspect-command.js';
import { CliError } from './load-rules.js';

const USAGE = `qc-engine — qcdesk's QC rules engine on the command line

usage:
  qc-engine inspect --rules <rules.json> [--scheme <scheme.json>] [--input <sessions.jsonl>|-] [--output <file>|-] [--quiet] [--workers N] [--hits-only]
  qc-engine explain --rules <rules.json> [--scheme <scheme.json>] --session <session.json>
  qc-engine censor --libraries <libraries.json> [--input <sessions.jsonl>|-] [--output <file>|-] [--quiet]
  qc-engine demo [--fixtures <dir>]
  qc-engine calibrate --rules <rules.json> --scheme <scheme.json> --input <train.jsonl[.gz]> (--label <field.path>|--labels <file.csv|.jsonl>)
                      [--out-rules <rules.json>] [--out-scheme <scheme.json>] [--report <report.json>] [--suggest N] [--folds K] [--seed X]
                      [--fit-veto] [--positive MISSING|ADD] [--suggest-roles AGENT,CUSTOMER] [--quiet]

inspect  one JSON line per session in, one result line per session out, in input order;
         --workers N worker threads (default: the machine's cores; 0 inspects in the main thread);
         --hits-only lists only the rules that hit (and in each angle their links); scores are the same
explain  which condition hit where in one session, and why the others did not
censor   per session, the messages with sensitive words: operation, words with spans, masked text
calibrate  fits the scheme's rule scores to human labels (e.g. --label humanQuality.S) for rank agreement, by k-fold
         cross-validation (default 5 folds, seed 1); prints per-rule evidence and the out-of-fold Spearman before/after;
         --suggest N adds N phrase rules that separate low- from high-judged sessions; writes rules and scheme for inspect
exit codes: 0 ok · 1 some input lines were malformed (reported on stderr) · 2 bad arguments or a rule that does not compile
`;

/** Runs the CLI and answers its exit code; `io` defaults to the process's streams. */
export async function main(argv: readonly string[], io: CliIo = process): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'inspect': {
        const { values } = parse(rest, {
          rules: true,
          scheme: true,
          input: true,
          output: true,
          quiet: false,
          workers: true,
          'hits-only': false,
        });
        return await inspectCommand(
          {
            rules: required(values.rules, 'rules'),
            scheme: values.scheme,
            input: values.input,
            output: values.output,
            quiet: values.quiet === true,
            workers: values.workers === undefined ? availableParallelism() : count(values.workers, 'workers'),
            hitsOnly: values['hits-only'] === true,
          },
          io,
        );
      }
      case 'explain': {
        const { values } = parse(rest, { rules: true, scheme: true, session: true });
        return await explainCommand(
          {
            rules: required(values.rules, 'rules'),
            scheme: values.scheme,
            session: required(values.session, 'session'),
          },
          io,
        );
      }
      case 'censor': {
        const { values } = parse(rest, { libraries: true, input: true, output: true, quiet: false });
        return await censorCommand(
          {
            libraries: required(values.libraries, 'libraries'),
            input: values.input,
            output: values.output,
            quiet: values.quiet === true,
          },
          io,
        );
      }
      case 'calibrate': {
        const { values } = parse(rest, {
          rules: true,
          scheme: true,
          input: true,
          label: true,
          labels: true,
          'out-rules': true,
          'out-scheme': true,
          report: true,
          suggest: true,
          folds: true,
          seed: true,
          'fit-veto': false,
          positive: true,
          'suggest-roles': true,
          quiet: false,
        });
        const suggestRoles = values['suggest-roles']?.split(',').map((r) => r.trim().toUpperCase());
        if (suggestRoles?.some((r) => r !== 'AGENT' && r !== 'CUSTOMER')) {
          throw new CliError('--suggest-roles takes AGENT, CUSTOMER or both / --suggest-roles 应为 AGENT、CUSTOMER', 2);
        }
        const positive = values.positive ?? 'MISSING';
        if (positive !== 'ADD' && positive !== 'MISSING') {
          throw new CliError(`--positive takes ADD or MISSING, not '${positive}' / --positive 应为 ADD 或 MISSING`, 2);
        }
        return await calibrateCommand(
          {
            rules: required(values.rules, 'rules'),
            scheme: required(values.scheme, 'scheme'),
            input: required(values.input, 'input'),
            label: values.label,
            labels: values.labels,
            outRules: values['out-rules'],
            outScheme: values['out-scheme'],
            report: values.report,
            suggest: values.suggest === undefined ? 0 : count(values.suggest, 'suggest'),
            folds: values.folds === undefined ? 5 : count(values.folds, 'folds'),
            seed: values.seed === undefined ? 1 : count(values.seed, 'seed'),
            fitVeto: values['fit-veto'] === true,
            positive,
            suggestRoles: suggestRoles as ('AGENT' | 'CUSTOMER')[] | undefined,
            quiet: values.quiet === true,
          },
          io,
        );
      }
      case 'demo': {
        const { values } = parse(rest, { fixtures: true });
        return await demoCommand(resolve(values.fixtures ?? 'fixtures'), io);
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new CliError(`unknown command '${command}' / 未知命令\n\n${USAGE}`, 2);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`qc-engine: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

type Values = Partial<Record<string, string | boolean>>;

function parse<T extends Record<string, boolean>>(
  args: readonly string[],
  spec: T,
): { values: { [K in keyof T]?: T[K] extends true ? string : boolean } } {
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, takesValue]) => [
      name,
      { type: takesValue ? ('string' as const) : ('boolean' as const) },
    ]),
  );
  try {
    const { values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false });
    return { values: values as Values as { [K in keyof T]?: T[K] extends true ? string : boolean } };
  } catch (error) {
    throw new CliError(`${(error as Error).message} / 参数错误\n\n${USAGE}`, 2);
  }
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new CliError(`--${name} is required / 缺少 --${name}`, 2);
  return value;
}

function count(value: string, name: string): number {
  if (!/^\d+$/.test(value))
    throw new CliError(`--${name} takes a whole number, not '${value}' / --${name} 应为非负整数`, 2);
  return Number(value);
}
