/**
 * Bundles the server (server/main.ts and everything it imports from server/ and src/domain, plus the
 * locale JSON) into dist/server/main.js. npm packages stay external: they are installed beside it.
 * The SQL migrations are copied next to the bundle, where server/db/client.ts looks for them.
 */
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const outdir = `${root}dist/server`;

rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Listed by name rather than `packages: 'external'`, which would also leave the `@/` alias unresolved.
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].flatMap((name) => [name, `${name}/*`]),
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});

cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true });
console.log('built dist/server/main.js');
