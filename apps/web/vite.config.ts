import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, defaultClientConditions } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Writes `.br` and `.gz` beside each emitted script and style; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  return {
    name: 'procura-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** The dev server answers the sign-in page's paths with login.html, as the server does in production. */
function loginEntryInDev(): Plugin {
  return {
    name: 'procura-login-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        if (pathname === '/user/login' || pathname === '/user/login/')
          req.url = `/login.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

// `source` makes @procura/shared resolve to its TypeScript sources (no prior build needed).
export default defineConfig({
  plugins: [react(), precompress(), loginEntryInDev()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // Three entries: the back office (index.html), the public portal (portal.html) and the
    // sign-in page (login.html); the last two load no back-office code.
    rolldownOptions: {
      // rc-component packages declare no `sideEffects`, so one import (antd's button style reads
      // a colour class from the colour picker) kept whole unused components (ColorPicker, Collapse,
      // the Form field classes) in the first screen's chunks. Their modules only define exports.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
