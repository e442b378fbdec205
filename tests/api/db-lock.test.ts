/** The data-folder lock that keeps a second process off an embedded database. */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../server/db/client';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from '../../server/db/lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('writes the owner’s PID and removes the file on release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second open of a folder held by a live process, with a clear message', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), '1\n');
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `Database folder ${dir} is in use by process 1; two processes on one PGlite folder lose data. Stop that process or use another DATA_DIR.`,
    );
    // The other process's lock is left alone.
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe('1');
  });

  it('refuses a second lock in the same process too', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.pid}`);
    lock.release();
  });

  it('takes over a stale lock left by a process that has died', () => {
    const dir = tempDir();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(child.stdout.toString());
    writeFileSync(join(dir, LOCK_FILE_NAME), `${deadPid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), 'garbage');
    lockDataDir(dir).release();
  });

  it('makes openDatabase refuse a locked folder before touching it', async () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    await expect(openDatabase({ dataDir: dir, databaseUrl: null })).rejects.toThrow(DataDirLockedError);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    lock.release();
  });
});

describe('embedded database settings', () => {
  it('opens with the configured shared_buffers, restarting PGlite once when it changes', async () => {
    const dir = tempDir();
    for (const size of ['16MB', '16MB', '24MB']) {
      const database = await openDatabase({ dataDir: dir, databaseUrl: null, pgliteSharedBuffers: size });
      try {
        const [row] = await rows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
        expect(row?.shared_buffers).toBe(size);
      } finally {
        await database.close();
      }
    }
  });
});
