/**
 * File bytes in the database (table stored_files), keyed by generated name. Chosen over DATA_DIR/files
 * because it works the same on embedded PGlite and on PostgreSQL behind several API processes (no
 * shared disk needed), and the database backup carries the documents.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function fileStore(db: Db | Tx) {
  return {
    async put(storageName: string, content: Buffer): Promise<void> {
      await db.insert(storedFiles).values({ storageName, content });
    },
    async get(storageName: string): Promise<Buffer | null> {
      const [row] = await db.select({ content: storedFiles.content }).from(storedFiles).where(eq(storedFiles.storageName, storageName));
      return row?.content ?? null;
    },
    async remove(storageName: string): Promise<void> {
      await db.delete(storedFiles).where(eq(storedFiles.storageName, storageName));
    },
  };
}

export type FileStore = ReturnType<typeof fileStore>;
