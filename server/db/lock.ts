/**
 * A lock on the embedded database folder. Two processes on one PGlite folder corrupt it (committed rows
 * lost, a folder that no longer opens), so a second process must refuse to start rather than open it.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, relative } from 'node:path';

export const LOCK_FILE_NAME = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    const shown = relative(process.cwd(), dataDir) || '.';
    super(
      `Database folder ${shown.startsWith('..') ? dataDir : `./${shown}`} is in use by process ${ownerPid}; ` +
        'two processes on one PGlite folder lose data. Stop that process or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the lock or throws DataDirLockedError. A lock left by a dead process (crash, kill -9) is taken
 * over. A lock held by this very process is refused too: a second open in one process is just as harmful.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails when the file exists, so creating it is the atomic test-and-set.
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        release() {
          if (readOwner(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(path);
      if (owner !== null && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      try {
        unlinkSync(path);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
    }
  }
  const owner = readOwner(path);
  throw new DataDirLockedError(dataDir, owner ?? -1);
}
