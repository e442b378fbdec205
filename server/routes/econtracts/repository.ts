/**
 * A merchant's e-contracts, their history and the SIGN_CONTRACT todo. Every function takes the merchant
 * id first, so an unscoped query is visibly wrong.
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { EContract, EContractEvent, EContractEventAction, EContractStatus, EContractType } from '@/domain/econtracts';
import type { Db } from '../../db/client';
import { contractTemplates, econtractEvents, econtracts, memberships, merchants, users } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../pagination';
import { renderContract, type ContractParties, type RenderedContract, type TemplateSection } from './document';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** The newest history entries the detail shows. */
const HISTORY_LIMIT = 100;

export interface ContractFilter {
  status?: EContractStatus;
  type?: EContractType;
}

const selection = {
  id: econtracts.id,
  merchantId: econtracts.merchantId,
  contractNo: econtracts.contractNo,
  status: econtracts.status,
  issuedAt: econtracts.issuedAt,
  snapshot: econtracts.snapshot,
  signedAt: econtracts.signedAt,
  signedBy: econtracts.signedBy,
  signerUsername: econtracts.signerUsername,
  signerName: econtracts.signerName,
  contentHash: econtracts.contentHash,
  type: contractTemplates.type,
  version: contractTemplates.version,
  title: contractTemplates.title,
  sections: contractTemplates.sections,
};

export type ContractRow = {
  id: number;
  merchantId: number;
  contractNo: string;
  status: string;
  issuedAt: Date;
  snapshot: unknown;
  signedAt: Date | null;
  signedBy: number | null;
  signerUsername: string | null;
  signerName: string | null;
  contentHash: string | null;
  type: string;
  version: string;
  title: string;
  sections: unknown;
};

export function toContract(row: ContractRow): EContract {
  return {
    id: row.id,
    contractNo: row.contractNo,
    type: row.type as EContractType,
    version: row.version,
    title: row.title,
    status: row.status as EContractStatus,
    issuedAt: row.issuedAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
    signer: row.signedAt ? { userId: row.signedBy, username: row.signerUsername, name: row.signerName ?? '' } : null,
    contentHash: row.contentHash,
  };
}

/** The content of a contract: frozen parties once signed, the merchant's current data while pending. */
export function renderRow(row: ContractRow, liveParties: ContractParties): RenderedContract {
  const parties = row.status === 'SIGNED' && row.snapshot ? (row.snapshot as ContractParties) : liveParties;
  return renderContract({
    contractNo: row.contractNo,
    type: row.type,
    version: row.version,
    title: row.title,
    sections: row.sections as TemplateSection[],
    issuedAt: row.issuedAt,
    parties,
  });
}

/** The merchant's data as a contract names it; the representative is its longest-standing active owner. */
export async function partiesOf(db: Executor, merchantId: number): Promise<ContractParties | null> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const [owner] = await db
    .select({ name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.merchantId, merchantId),
        eq(memberships.status, 'ACTIVE'),
        eq(memberships.invitationStatus, 'ACCEPT'),
        sql`${memberships.roles} && array['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION']::text[]`,
      ),
    )
    .orderBy(asc(memberships.id))
    .limit(1);
  return {
    merchantName: merchant.name,
    brandName: merchant.brandName,
    partnerCode: merchant.partnerCode,
    merchantType: merchant.type,
    representative: owner?.name ?? '',
  };
}

export function econtractsRepository(db: Db) {
  const whereOf = (merchantId: number, filter: ContractFilter): SQL | undefined =>
    and(
      eq(econtracts.merchantId, merchantId),
      filter.status ? eq(econtracts.status, filter.status) : undefined,
      filter.type ? eq(contractTemplates.type, filter.type) : undefined,
    );

  const addEvent = (
    tx: Executor,
    merchantId: number,
    contractId: number,
    action: EContractEventAction,
    actor: { userId: number | null; username: string | null; name: string | null; ip: string | null },
  ) =>
    tx.insert(econtractEvents).values({
      merchantId,
      contractId,
      action,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      actorName: actor.name,
      ip: actor.ip,
    });

  return {
    async page(merchantId: number, filter: ContractFilter, page: PageRequest): Promise<{ rows: ContractRow[]; total: number }> {
      const where = whereOf(merchantId, filter);
      const [rowsResult, [{ n }]] = await Promise.all([
        db
          .select(selection)
          .from(econtracts)
          .innerJoin(contractTemplates, eq(contractTemplates.id, econtracts.templateId))
          .where(where)
          .orderBy(desc(econtracts.issuedAt), desc(econtracts.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db
          .select({ n: count() })
          .from(econtracts)
          .innerJoin(contractTemplates, eq(contractTemplates.id, econtracts.templateId))
          .where(where),
      ]);
      return { rows: rowsResult, total: n };
    },

    async find(merchantId: number, contractId: number): Promise<ContractRow | null> {
      const [row] = await db
        .select(selection)
        .from(econtracts)
        .innerJoin(contractTemplates, eq(contractTemplates.id, econtracts.templateId))
        .where(and(eq(econtracts.merchantId, merchantId), eq(econtracts.id, contractId)));
      return row ?? null;
    },

    /** The contract onboarding asks to sign: the oldest pending one. */
    async pending(merchantId: number): Promise<ContractRow | null> {
      const [row] = await db
        .select(selection)
        .from(econtracts)
        .innerJoin(contractTemplates, eq(contractTemplates.id, econtracts.templateId))
        .where(and(eq(econtracts.merchantId, merchantId), eq(econtracts.status, 'PENDING')))
        .orderBy(asc(econtracts.issuedAt), asc(econtracts.id))
        .limit(1);
      return row ?? null;
    },

    async history(merchantId: number, contractId: number): Promise<EContractEvent[]> {
      const rows = await db
        .select()
        .from(econtractEvents)
        .where(and(eq(econtractEvents.merchantId, merchantId), eq(econtractEvents.contractId, contractId)))
        .orderBy(desc(econtractEvents.createdAt), desc(econtractEvents.id))
        .limit(HISTORY_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        action: r.action as EContractEventAction,
        actorUsername: r.actorUsername,
        actorName: r.actorName,
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    partiesOf: (merchantId: number) => partiesOf(db, merchantId),

    addEvent: (
      merchantId: number,
      contractId: number,
      action: EContractEventAction,
      actor: { userId: number | null; username: string | null; name: string | null; ip: string | null },
    ) => addEvent(db, merchantId, contractId, action, actor),

    /**
     * Signs a pending contract in one transaction: the row becomes SIGNED with who, when and the hash,
     * the history records it, and the merchant's SIGN_CONTRACT todo goes once nothing is left to sign.
     * Returns false when the contract was no longer pending (signed meanwhile by someone else).
     */
    async sign(
      merchantId: number,
      contractId: number,
      input: {
        signer: { userId: number; username: string; name: string; ip: string | null };
        parties: ContractParties;
        contentHash: string;
        signedAt: Date;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(econtracts)
          .set({
            status: 'SIGNED',
            snapshot: input.parties,
            signedAt: input.signedAt,
            signedBy: input.signer.userId,
            signerUsername: input.signer.username,
            signerName: input.signer.name,
            signerIp: input.signer.ip,
            contentHash: input.contentHash,
          })
          .where(and(eq(econtracts.merchantId, merchantId), eq(econtracts.id, contractId), eq(econtracts.status, 'PENDING')))
          .returning({ id: econtracts.id });
        if (updated.length === 0) return false;
        await addEvent(tx, merchantId, contractId, 'SIGNED', input.signer);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(econtracts)
          .where(and(eq(econtracts.merchantId, merchantId), eq(econtracts.status, 'PENDING'), ne(econtracts.id, contractId)));
        if (n === 0) {
          await tx
            .update(merchants)
            .set({ todoActions: sql`array_remove(${merchants.todoActions}, 'SIGN_CONTRACT')` })
            .where(eq(merchants.id, merchantId));
        }
        return true;
      });
    },

    /**
     * Demo mode: issues the newest PAYMENT_SERVICE template to the merchant again (unless one is pending)
     * and puts SIGN_CONTRACT back, so the onboarding signature can be replayed on seeded data.
     */
    async reissue(merchantId: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        // Two reissues at once (two tabs, PostgreSQL's concurrent transactions) would both find nothing
        // pending and number the same contract: the merchant's row makes them take turns.
        const [{ code }] = await tx.select({ code: merchants.partnerCode }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
        const [template] = await tx
          .select({ id: contractTemplates.id })
          .from(contractTemplates)
          .where(eq(contractTemplates.type, 'PAYMENT_SERVICE'))
          .orderBy(desc(contractTemplates.effectiveFrom))
          .limit(1);
        let [pending] = await tx
          .select({ id: econtracts.id })
          .from(econtracts)
          .where(and(eq(econtracts.merchantId, merchantId), eq(econtracts.templateId, template.id), eq(econtracts.status, 'PENDING')));
        if (!pending) {
          // Numbers follow the seed's scheme: partner code and the merchant's running count.
          const [{ n }] = await tx.select({ n: count() }).from(econtracts).where(eq(econtracts.merchantId, merchantId));
          const contractNo = `HD-${code}-${String(n + 1).padStart(4, '0')}`;
          [pending] = await tx
            .insert(econtracts)
            .values({ merchantId, templateId: template.id, contractNo, status: 'PENDING', issuedAt: now })
            .returning({ id: econtracts.id });
          await addEvent(tx, merchantId, pending.id, 'ISSUED', { userId: null, username: null, name: null, ip: null });
        }
        await tx
          .update(merchants)
          .set({
            todoActions: sql`case when 'SIGN_CONTRACT' = any(${merchants.todoActions}) then ${merchants.todoActions} else array_append(${merchants.todoActions}, 'SIGN_CONTRACT') end`,
          })
          .where(eq(merchants.id, merchantId));
        return pending.id;
      });
    },
  };
}
