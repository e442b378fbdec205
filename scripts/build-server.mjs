/**
 * Bundles the server (server/main.ts, everything it imports from server/ and src/domain, the locale
 * JSON and the npm packages it loads at start) into dist/server/main.js. One file starts faster: Node
 * resolves, reads and compiles each module of a package separately (drizzle-orm, zod and date-fns are
 * hundreds of files), which took about half the start with the packages left outside.
 * Some packages stay outside, installed beside the bundle (node_modules), see EXTERNAL.
 * The SQL migrations are copied next to the bundle, where server/db/client.ts looks for them.
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/server`;

/** Packages loaded from node_modules rather than bundled. */
const EXTERNAL = [
  // Files of their own found from import.meta.url or __dirname (WebAssembly, data, static pages) or native code.
  '@electric-sql/pglite',
  '@electric-sql/pglite-tools',
  '@node-rs/argon2',
  // Big and imported on first use only (seeding, workbooks, PDFs, S3, QR codes): outside, they cost nothing
  // at start. Keep them behind `await import()`: a static import would load them at start again.
  '@faker-js/faker',
  'exceljs',
  'pdf-lib',
  '@pdf-lib/fontkit',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'qrcode',
  // Optional native add-ons that pg and ws try to load and do without.
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  // The embedded database's thread (server/db/pglite-thread.ts) starts from a file of its own, beside main.js.
  entryPoints: ['server/main.ts', 'server/db/pglite-worker.ts'],
  entryNames: '[name]',
  outdir: 'dist/server',
  // Modules behind `await import()` (S3 storage, the seed, the dump tool) become chunks loaded when asked for.
  splitting: true,
  // Beside main.js: code that finds files from import.meta.url (the migrations) works from any chunk.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // The CommonJS packages inside the bundle call require() for Node's built-in modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});

cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true });
console.log('built dist/server/main.js');
