/**
 * The real server process (server/main.ts): first start creates, migrates and seeds the embedded
 * database; a second process on the same folder refuses to start; SIGTERM shuts down cleanly and
 * releases the folder; the next start keeps the data.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE_NAME } from '../../server/db/lock';
import { freePort, startServer, waitFor } from './processes';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (port: number) => startServer(port, { DATA_DIR: dataDir });

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
