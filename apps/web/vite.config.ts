import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// `source` makes @procura/shared resolve to its TypeScript sources (no prior build needed).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // Two entries: the back office (index.html) and the public portal (portal.html), which
    // loads no back-office code.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
