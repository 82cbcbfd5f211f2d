import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/inspect-command.js';

/** In-memory stdin/stdout/stderr for driving `main` as a user would from a shell. */
export function memoryIo(stdinText = ''): CliIo & { stdoutText(): string; stderrText(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough() as unknown as NodeJS.WriteStream;
  const outChunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => outChunks.push(c));
  (stderr as unknown as PassThrough).on('data', (c: Buffer) => errChunks.push(c));
  return {
    stdin: Readable.from([stdinText]),
    stdout,
    stderr,
    stdoutText: () => Buffer.concat(outChunks).toString('utf8'),
    stderrText: () => Buffer.concat(errChunks).toString('utf8'),
  };
}
