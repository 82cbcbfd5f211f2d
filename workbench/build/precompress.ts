import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser receives as is; images and woff2 fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.ttf', '.wasm']);
/** Below this a compressed copy saves less than its own headers cost. */
export const MIN_BYTES = 1024;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of a build, so the server sends them as they are
 * (chosen by Accept-Encoding) instead of compressing the same bytes on every request. Brotli at its best quality:
 * this runs once per build, and every browser download is the smaller for it.
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.has(extname(f)));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // a copy no smaller than the file would only cost the client a decoding step (the server then sends the file)
      if (br.length >= content.length || gzipped.length >= content.length) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      summary.files += 1;
      summary.bytes += content.length;
      summary.brotliBytes += br.length;
      summary.gzipBytes += gzipped.length;
    }),
  );
  return summary;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The build step: after Vite has written the bundle, compress what it wrote. */
export function precompress(): Plugin {
  return {
    name: 'qcdesk-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const s = await precompressDir(options.dir);
        this.info(
          `precompressed ${s.files} files / 已预压缩 ${s.files} 个文件: ${mb(s.bytes)} → br ${mb(s.brotliBytes)}, gzip ${mb(s.gzipBytes)}`,
        );
      },
    },
  };
}
