import type { Plugin } from 'vite';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', 'src', 'i18n');
const languages = ['vi', 'en'];

function namespaces(lng: string): string[] {
  return readdirSync(join(root, lng))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
}

/**
 * Serves src/i18n/{lng}/{ns}.json at /portal/locales/{lng}/{ns}.json in dev and emits them at build,
 * so the locale strings stay out of the JS bundle and have one home shared with the server.
 */
export function localesPlugin(): Plugin {
  return {
    name: 'portal-locales',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/portal\/locales\/([a-z]{2})\/([a-zA-Z]+)\.json/.exec(req.url ?? '');
        if (!m || !languages.includes(m[1]) || !namespaces(m[1]).includes(m[2])) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(readFileSync(join(root, m[1], `${m[2]}.json`)));
      });
    },
    generateBundle() {
      for (const lng of languages) {
        for (const ns of namespaces(lng)) {
          const source = JSON.stringify(JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')));
          this.emitFile({ type: 'asset', fileName: `locales/${lng}/${ns}.json`, source });
        }
      }
    },
  };
}
