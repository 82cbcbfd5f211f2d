/**
 * Not a test (no timed unit tests, PERFORMANCE.md): measures building a censor scanner over 100 k random 2–4
 * character Han words, and the memory it keeps. Run from the repository root:
 *   node --expose-gc --import tsx packages/engine/test/censor/measure-build.ts
 */
import { compileCensor } from '../../src/censor/index.js';

let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const words: string[] = [];
for (let i = 0; i < 100_000; i++) {
  const n = 2 + Math.floor(random() * 3);
  let word = '';
  for (let j = 0; j < n; j++) word += String.fromCharCode(0x4e00 + Math.floor(random() * 0x5000));
  words.push(word);
}
const libraries = [
  { id: 1, name: 'big', words, operation: 'REPORT' as const, status: 'ACTIVE', flag: 'cs-customer' as const },
];
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
compileCensor([{ ...libraries[0]!, words: words.slice(0, 100) }], { defaults: { skipNoise: 1, traditional: true } });

for (const [label, options] of [
  ['no options', {}],
  ['skipNoise 2 + traditional', { defaults: { skipNoise: 2, traditional: true } }],
] as const) {
  const times: number[] = [];
  const scanners: unknown[] = [];
  const before = memory();
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    scanners.push(compileCensor(libraries, options));
    times.push(performance.now() - started);
  }
  const kept = (memory() - before) / scanners.length;
  times.sort((a, b) => a - b);
  console.log(
    `${label}: build median ${times[2]!.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')}), retained ${(kept / 1e6).toFixed(1)} MB`,
  );
}
