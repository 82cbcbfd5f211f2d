import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the build step that precompresses the workbench', () => {
  it('writes .br and .gz beside each text file of the build, decoding to the same bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qcdesk-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const words = ${JSON.stringify('质检 rule '.repeat(2000))};\n`;
    const html = `<!doctype html><html><body>${'<div></div>'.repeat(200)}</body></html>`;
    writeFileSync(join(dir, 'assets', 'index-Dpu-xFvz.js'), js);
    writeFileSync(join(dir, 'index.html'), html);
    // too small to gain anything, and an image that is compressed already
    writeFileSync(join(dir, 'assets', 'noop-mXPS5vjY.js'), 'export {};\n');
    writeFileSync(join(dir, 'assets', 'logo-AbCd1234.png'), Buffer.alloc(4096, 7));

    const summary = await precompressDir(dir);

    for (const [file, text] of [
      [join(dir, 'assets', 'index-Dpu-xFvz.js'), js],
      [join(dir, 'index.html'), html],
    ] as const) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
    }
    for (const skipped of ['noop-mXPS5vjY.js', 'logo-AbCd1234.png']) {
      expect(existsSync(join(dir, 'assets', `${skipped}.br`))).toBe(false);
      expect(existsSync(join(dir, 'assets', `${skipped}.gz`))).toBe(false);
    }
    expect(summary.files).toBe(2);
    expect(summary.bytes).toBe(Buffer.byteLength(js) + Buffer.byteLength(html));
    expect(summary.brotliBytes).toBeLessThan(summary.gzipBytes);
    expect(summary.gzipBytes).toBeLessThan(summary.bytes / 10);
  });
});
