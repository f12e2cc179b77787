import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The client: src/client is the page; the Express server serves the build from dist/client.
export default defineConfig({
  root: 'src/client',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
