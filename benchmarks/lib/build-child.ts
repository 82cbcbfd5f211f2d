/**
 * Child process of the censor-build suite (run with --expose-gc): builds one matcher from one word list
 * `runs` times and prints JSON {seconds[], retainedBytes} — retained memory is heap + external (typed arrays)
 * still reachable after a full GC, minus what was there before the build.
 */
import { loadPinyin } from '../../packages/engine/src/censor/index.js';
import { readWords } from './corpus.js';
import { FACTORIES } from './matchers.js';

const [name, path, runsArg] = process.argv.slice(2);
const factory = FACTORIES[name ?? ''];
if (factory === undefined || path === undefined) throw new Error('usage: build-child <matcher> <words> [runs]');
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
const words = readWords(path);
const runs = Number(runsArg ?? 3);
// pinyin-pro is imported once, before the timed builds; its import time is reported on its own
let pinyinLoadSeconds: number | undefined;
if (name === 'censor-pinyin') {
  const start = process.hrtime.bigint();
  await loadPinyin();
  pinyinLoadSeconds = Number(process.hrtime.bigint() - start) / 1e9;
}
const used = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const seconds: number[] = [];
let retainedBytes = 0;
for (let r = 0; r < runs; r++) {
  const before = used();
  const start = process.hrtime.bigint();
  let kept: unknown = factory(words);
  seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
  const after = used();
  if (r === 0) retainedBytes = after - before;
  if (kept === null) console.log('');
  kept = null;
}
process.stdout.write(`${JSON.stringify({ seconds, retainedBytes, pinyinLoadSeconds })}\n`);
