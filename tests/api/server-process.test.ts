/**
 * The real server process (server/main.ts): first start creates, migrates and seeds the embedded
 * database; a second process on the same folder refuses to start; SIGTERM shuts down cleanly and
 * releases the folder; the next start keeps the data.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE_NAME } from '../../server/db/lock';

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(port: number): Running {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'info', NODE_ENV: 'test' },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process', () => {
  it('seeds on first start, refuses a second process, shuts down on SIGTERM and keeps the data', async () => {
    const port = await freePort();
    const first = start(port);
    await waitFor(() => first.output().includes('merchant portal ready'), 60_000);
    expect(first.output()).toContain('database seeded with demo data');

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 0, message: 'Thành công', data: { db: 'ok', demo: true } });
    const login = await fetch(`http://127.0.0.1:${port}/api/authentication/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner_demo', password: 'Demo@1234' }),
    });
    expect((await login.json()).status).toBe(0);

    const second = start(await freePort());
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain(
      `Database folder ${dataDir} is in use by process ${first.child.pid}; two processes on one PGlite folder lose data.`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shut down cleanly');
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const third = start(port);
    await waitFor(() => third.output().includes('merchant portal ready'), 30_000);
    expect(third.output()).not.toContain('database seeded');
    const again = await fetch(`http://127.0.0.1:${port}/api/authentication/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner_demo', password: 'Demo@1234' }),
    });
    expect((await again.json()).data.username).toBe('owner_demo');
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
