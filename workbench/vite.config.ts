import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

export default defineConfig({
  // precompress: .br and .gz beside each file of the build, which the server sends by Accept-Encoding
  plugins: [react(), precompress()],
  // Relative asset paths: the server may serve the built console under any prefix (routes live in the hash).
  base: './',
  server: { proxy: { '/v3': 'http://localhost:8080' } },
  preview: { proxy: { '/v3': 'http://localhost:8080' } },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco's editor core is one large lazy chunk by nature; it loads only on the rule screens.
    chunkSizeWarningLimit: 4000,
  },
});
