/**
 * What the multi-process and PostgreSQL tests share: a database of their own on the test server, a free
 * port, a real server process (server/main.ts) and waiting on its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';

export const root = join(import.meta.dirname, '..', '..');

/**
 * A fresh database `name` on the PostgreSQL server of `serverUrl` (dropped first): test files run in
 * parallel, so each one that writes gets its own, and none resets another's schema.
 */
export async function ownDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const own = new URL(serverUrl);
  own.pathname = `/${name}`;
  return own.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** The API base, http://127.0.0.1:<port>/api. */
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** server/main.ts on `port` with the given settings (DATABASE_URL or DATA_DIR among them); no client files. */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'info', NODE_ENV: 'test', BACKGROUND_JOBS: 'off', ...env },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}/api`, output: () => output, exited };
}

export async function waitFor(condition: () => boolean, ms: number, what: () => string = () => 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A suite that needs PostgreSQL (TEST_DATABASE_URL, or the throwaway one global-setup.ts starts). It is
 * never skipped: where no PostgreSQL can be had, it fails by name.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (process.env.TEST_DATABASE_URL) describe(name, suite);
  else describe(name, () => it('has a PostgreSQL to run on', () => { throw new Error('No PostgreSQL: set TEST_DATABASE_URL, or install PostgreSQL so .ci/postgres can start one'); }));
}
