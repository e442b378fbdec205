/**
 * How `npm run db:backup` gets a consistent dump of an embedded database that a running server holds
 * (the server locks DATA_DIR: a second open of a PGlite folder corrupts it). The tool writes a request
 * file into DATA_DIR and sends the server SIGUSR2; the server dumps its own open database (./db-dump.ts:
 * no write lands during the dump), writes the file where asked, then a `.done` answer the tool waits for.
 * Only the server's own account (or root) can send it the signal and write into its 0700 DATA_DIR, so the
 * request needs no other secret; nothing travels over the network.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const BACKUP_REQUEST_FILE = 'backup-request.json';
export const backupAnswerFile = (dataDir: string, id: string) => join(dataDir, `backup-${id}.done.json`);

export interface BackupRequest {
  id: string;
  /** Absolute path of the dump to write. */
  out: string;
}

export interface BackupAnswer {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** Writes `sql` to `out` through a temporary name, so a half-written dump is never taken for a whole one. */
export function writeDump(out: string, sql: string): number {
  const partial = `${out}.partial`;
  writeFileSync(partial, sql, { mode: 0o600 });
  renameSync(partial, out);
  return Buffer.byteLength(sql);
}

/** Installed by server/main.ts on the embedded database: answers backup requests sent with SIGUSR2. */
export function installBackupSignal(dataDir: string, dump: () => Promise<string>, log: FastifyBaseLogger): () => void {
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    const path = join(dataDir, BACKUP_REQUEST_FILE);
    if (!existsSync(path)) return;
    busy = true;
    void (async () => {
      let request: BackupRequest | null = null;
      try {
        request = JSON.parse(readFileSync(path, 'utf8')) as BackupRequest;
        rmSync(path, { force: true });
        if (!/^[0-9a-f-]{36}$/.test(request.id) || !isAbsolute(request.out)) throw new Error('bad backup request');
        const started = Date.now();
        const bytes = writeDump(request.out, await dump());
        log.info({ bytes, ms: Date.now() - started }, 'database backup written');
        writeFileSync(backupAnswerFile(dataDir, request.id), JSON.stringify({ ok: true, bytes } satisfies BackupAnswer), { mode: 0o600 });
      } catch (err) {
        log.error({ err }, 'database backup failed');
        if (request && /^[0-9a-f-]{36}$/.test(request.id)) {
          const answer: BackupAnswer = { ok: false, error: err instanceof Error ? err.message : String(err) };
          writeFileSync(backupAnswerFile(dataDir, request.id), JSON.stringify(answer), { mode: 0o600 });
        }
      } finally {
        busy = false;
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}
