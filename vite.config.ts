import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localesPlugin } from './scripts/vite-locales';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * Dev server: the public pages are their own entries, not the admin's shell (as the API serves them in
 * production): /portal/pay/<code> is pay.html, /portal/p/<slug> is page.html.
 */
const PUBLIC_ENTRIES: ReadonlyArray<[RegExp, string]> = [
  [/^\/portal\/pay\/[^/?]+\/?(\?.*)?$/, 'pay.html'],
  [/^\/portal\/p\/[^/?]+\/?(\?.*)?$/, 'page.html'],
];

function publicEntriesPlugin(): Plugin {
  return {
    name: 'portal-public-entries',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        for (const [pattern, html] of PUBLIC_ENTRIES) {
          const match = pattern.exec(req.url ?? '');
          if (match) {
            req.url = `/portal/${html}${match[1] ?? ''}`;
            break;
          }
        }
        next();
      });
    },
  };
}

export default defineConfig({
  base: '/portal/',
  plugins: [react(), localesPlugin(), publicEntriesPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The public payer page (/portal/pay/<code>) and the public business page (/portal/p/<slug>) are
    // their own small entries: they never load the admin bundle.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
        page: fileURLToPath(new URL('./page.html', import.meta.url)),
      },
    },
  },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, ws: true } } },
});
