/**
 * The export audit trail (table export_audit): every file an export makes is recorded with who made it,
 * for which merchant, of which report, from which filter, with which columns and how many rows. Written
 * by the one export path (sendReportExport) and by the scheduler, never by a report route itself.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportAudit } from '../../db/schema';

export const EXPORT_KINDS = ['MANUAL', 'JOB', 'SCHEDULED'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportAuditEntry {
  merchantId: number;
  userId: number | null;
  username: string | null;
  kind: ExportKind;
  report: string;
  format: string;
  filter: Record<string, unknown>;
  columns: readonly string[];
  rowCount: number;
  fileName: string;
  reference?: string | null;
}

export async function recordExport(db: Pick<Db, 'insert'>, entry: ExportAuditEntry): Promise<void> {
  await db.insert(exportAudit).values({ ...entry, columns: [...entry.columns], reference: entry.reference ?? null });
}

/** The merchant's export trail, newest first (optionally one user's). */
export async function exportTrail(db: Db, merchantId: number, userId?: number, limit = 100) {
  return db
    .select()
    .from(exportAudit)
    .where(and(eq(exportAudit.merchantId, merchantId), userId === undefined ? undefined : eq(exportAudit.userId, userId)))
    .orderBy(desc(exportAudit.createdAt), desc(exportAudit.id))
    .limit(limit);
}
