/**
 * `npm run dev`: the API with reload on change (tsx watch, port 8080, no static client) and Vite with
 * hot reload (port 5173, /api proxied to the API). Ctrl-C stops both; if either exits, the other stops.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;

// The SPA comes from Vite in development: point the API at a folder that does not exist, so it
// serves no (possibly stale) build of its own.
const env = { ...process.env, CLIENT_DIR: `${root}.dev-no-client` };

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: root, env: process.env, stdio: 'inherit' }),
];

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
