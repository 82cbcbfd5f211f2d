import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = resolve(BENCH_DIR, '..');
export const CACHE_DIR = resolve(BENCH_DIR, '.cache');
export const RESULTS_DIR = resolve(BENCH_DIR, 'results');

export function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

/** mulberry32: a small seeded PRNG, enough for reproducible corpora. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Wall time of `fn` in seconds. */
export function timeIt<T>(fn: () => T): { seconds: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

export function fmt(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  return value.toFixed(digits);
}

export function ensureParent(path: string): void {
  ensureDir(dirname(path));
}
