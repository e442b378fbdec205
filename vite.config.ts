import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localesPlugin } from './scripts/vite-locales';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: '/portal/',
  plugins: [react(), localesPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The public payer page (/portal/pay/<code>) is its own small entry: it never loads the admin bundle.
    rollupOptions: { input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), pay: fileURLToPath(new URL('./pay.html', import.meta.url)) } },
  },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, ws: true } } },
});
