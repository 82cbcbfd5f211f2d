import { beforeAll } from 'vitest';

/**
 * jsdom's File cannot stream; a browser's can. Installs (before the file's tests) a `File.prototype.stream` that
 * reads the file whole with FileReader and hands it over in chunks of `chunkBytes` (small chunks exercise the
 * readers' seams).
 */
export function streamFilesInChunks(chunkBytes: number): void {
  beforeAll(() => {
    Object.defineProperty(File.prototype, 'stream', {
      configurable: true,
      value(this: File) {
        const file = this;
        let bytes: Uint8Array | null = null;
        let at = 0;
        return new ReadableStream<Uint8Array>({
          async pull(controller) {
            bytes ??= await new Promise<Uint8Array>((resolve) => {
              const reader = new FileReader();
              reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
              reader.readAsArrayBuffer(file);
            });
            if (at >= bytes.length) controller.close();
            else {
              controller.enqueue(bytes.slice(at, at + chunkBytes));
              at += chunkBytes;
            }
          },
        });
      },
    });
  });
}
