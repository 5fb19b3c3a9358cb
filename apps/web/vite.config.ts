import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// `source` makes @procura/shared resolve to its TypeScript sources (no prior build needed).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
