import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
