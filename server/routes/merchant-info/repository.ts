/**
 * Merchant info, KYB documents and categories; registration and links are in registration.ts. Every
 * write that moves a merchant's state runs in one transaction that first locks the merchant row, so
 * two uploads or edits of one merchant never interleave (one ID front stays one ID front).
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { isAwaitingApproval, isInKyb, kybStatus } from '@/domain/kyb';
import {
  isPublicDocument,
  isSingleDocument,
  kybEditBlock,
  kybNextStep,
  changedMerchantFields,
  MAX_DOCUMENTS_PER_TYPE,
  missingRequiredDocuments,
  reviewFieldsOf,
  stateAfterEdit,
  stateAfterKybDocument,
  type CategoryType,
  type MerchantCategory,
  type MerchantDocument,
  type MerchantDocumentType,
  type MerchantEditInput,
  type MerchantInfo,
  type MerchantLinkRef,
  type SellingChannel,
} from '@/domain/merchantInfo';
import { canEditMerchantInfo, canLinkMerchants } from '@/domain/permissions';
import type { Db } from '../../db/client';
import {
  merchantCategories,
  merchantDocuments,
  merchantProfileEvents,
  merchantProfiles,
  merchants,
  storedFiles,
  users,
} from '../../db/schema';
import type { MerchantRecord } from '../../db/repositories/memberships';
import { generatedStorageName, type CheckedFile } from '../../lib/files';
import { notify } from '../../lib/notifications';
import { merchantRegistration } from './registration';
import { checkCategories, ConflictError, event, lockMerchant, profileValues, type Actor, type Tx } from './writes';

export { ConflictError, type Actor } from './writes';




type DocumentRow = typeof merchantDocuments.$inferSelect;

function toDocument(row: DocumentRow, uploadedBy: string | null): MerchantDocument {
  return {
    id: row.id,
    type: row.docType as MerchantDocumentType,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    isPublic: isPublicDocument(row.docType),
    uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const linkRef = (m: Pick<MerchantRecord, 'id' | 'name' | 'partnerCode' | 'relationshipRole' | 'internalGroupCode'>): MerchantLinkRef => ({
  id: m.id,
  name: m.name,
  partnerCode: m.partnerCode,
  relationshipRole: m.relationshipRole,
  groupRole: m.internalGroupCode,
});



/** The owners hear of a KYB status change (issue 15), in the transaction that makes it. */
async function notifyKybState(tx: Tx, merchant: MerchantRecord, stateTo: number): Promise<void> {
  const status = kybStatus(stateTo);
  if (status === kybStatus(merchant.stateCode)) return;
  await notify(tx, { merchantId: merchant.id, kind: 'KYB_STATE', params: { merchantName: merchant.name, status }, link: '/portal/app/merchant-info' });
}

export function merchantInfoRepository(db: Db) {
  async function documentsOf(merchantId: number, includePrivate: boolean): Promise<MerchantDocument[]> {
    const rows = await db
      .select({ doc: merchantDocuments, username: users.username })
      .from(merchantDocuments)
      .leftJoin(users, eq(users.id, merchantDocuments.uploadedBy))
      .where(eq(merchantDocuments.merchantId, merchantId))
      .orderBy(asc(merchantDocuments.docType), desc(merchantDocuments.id));
    return rows.filter((r) => includePrivate || isPublicDocument(r.doc.docType)).map((r) => toDocument(r.doc, r.username));
  }

  async function documentTypesOf(tx: Tx | Db, merchantId: number): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ type: merchantDocuments.docType })
      .from(merchantDocuments)
      .where(eq(merchantDocuments.merchantId, merchantId));
    return rows.map((r) => r.type);
  }




  return {
    ...merchantRegistration(db),
    documentsOf,

    async info(merchant: MerchantRecord, roles: string[]): Promise<MerchantInfo> {
      const [[profile], documents, master, linked] = await Promise.all([
        db.select().from(merchantProfiles).where(eq(merchantProfiles.merchantId, merchant.id)),
        documentsOf(merchant.id, true),
        merchant.masterMerchantId
          ? db.select().from(merchants).where(eq(merchants.id, merchant.masterMerchantId))
          : Promise.resolve([] as MerchantRecord[]),
        db
          .select()
          .from(merchants)
          .where(eq(merchants.masterMerchantId, merchant.id))
          .orderBy(asc(merchants.name), asc(merchants.id))
          .limit(50),
      ]);
      const editBlock = kybEditBlock(merchant.stateCode);
      return {
        id: merchant.id,
        partnerCode: merchant.partnerCode,
        name: merchant.name,
        brandName: merchant.brandName,
        type: merchant.type,
        stateCode: merchant.stateCode,
        kybStatus: kybStatus(merchant.stateCode),
        awaitingApproval: isAwaitingApproval(merchant.stateCode),
        inKyb: isInKyb(merchant.stateCode),
        nextStep: kybNextStep(merchant.stateCode),
        editBlock,
        relationshipRole: merchant.relationshipRole,
        linkedWithMaster: merchant.linkedWithMaster,
        master: master[0] ? linkRef(master[0]) : null,
        linkedMerchants: linked.map(linkRef),
        internalGroup: merchant.internalGroupCode ? { groupCode: merchant.internalGroupCode } : null,
        profile: profile
          ? {
              companyTypeCode: profile.companyTypeCode,
              industryCode: profile.industryCode,
              taxCode: profile.taxCode,
              businessAddress: profile.businessAddress,
              representativeName: profile.representativeName,
              contactPhone: profile.contactPhone,
              contactEmail: profile.contactEmail,
              website: profile.website ?? '',
              sellingChannel: profile.sellingChannel as SellingChannel,
            }
          : null,
        documents,
        missingDocuments: missingRequiredDocuments(documents.map((d) => d.type)),
        canEdit: canEditMerchantInfo(roles) && editBlock === null,
        canLink: canLinkMerchants(roles),
        updatedAt: profile ? profile.updatedAt.toISOString() : null,
      };
    },

    async findDocument(merchantId: number, documentId: number): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(merchantDocuments)
        .where(and(eq(merchantDocuments.merchantId, merchantId), eq(merchantDocuments.id, documentId)));
      return row ?? null;
    },

    async fileContent(storageName: string): Promise<Buffer | null> {
      const [row] = await db.select({ content: storedFiles.content }).from(storedFiles).where(eq(storedFiles.storageName, storageName));
      return row?.content ?? null;
    },

    /**
     * Stores a document. For a single-file type (ID front, ID back, logo) the existing one is replaced
     * (same id, new content); `replaceId` replaces that document of this merchant whatever its type.
     */
    async saveDocument(
      merchantId: number,
      type: MerchantDocumentType | null,
      replaceId: number | null,
      file: CheckedFile & { fileName: string; content: Buffer },
      actor: Actor,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const merchant = await lockMerchant(tx, merchantId);
        let existing: DocumentRow | undefined;
        if (replaceId !== null) {
          [existing] = await tx
            .select()
            .from(merchantDocuments)
            .where(and(eq(merchantDocuments.merchantId, merchantId), eq(merchantDocuments.id, replaceId)));
          if (!existing) throw new ConflictError('messages.notFound');
        } else if (type && isSingleDocument(type)) {
          [existing] = await tx
            .select()
            .from(merchantDocuments)
            .where(and(eq(merchantDocuments.merchantId, merchantId), eq(merchantDocuments.docType, type)));
        } else if (type) {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(merchantDocuments)
            .where(and(eq(merchantDocuments.merchantId, merchantId), eq(merchantDocuments.docType, type)));
          if (n >= MAX_DOCUMENTS_PER_TYPE) throw new ConflictError('merchantInfo.tooManyDocuments');
        }
        const docType = (existing?.docType ?? type) as MerchantDocumentType;
        // Only a locked merchant is refused: while under review a merchant may still send the other side of
        // its ID or a clearer scan (the reviewer sees the newest file); its fields wait for the review.
        if (kybEditBlock(merchant.stateCode) === 'locked') throw new ConflictError('merchantInfo.locked');

        const storageName = generatedStorageName(file.extension);
        await tx.insert(storedFiles).values({ storageName, content: file.content });
        const values = {
          storageName,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          uploadedBy: actor.userId,
          updatedAt: new Date(),
        };
        let id: number;
        if (existing) {
          await tx.update(merchantDocuments).set(values).where(eq(merchantDocuments.id, existing.id));
          // The old bytes go with the old version: nothing is kept that no document points at.
          await tx.delete(storedFiles).where(eq(storedFiles.storageName, existing.storageName));
          id = existing.id;
        } else {
          [{ id }] = await tx
            .insert(merchantDocuments)
            .values({ merchantId, docType, ...values })
            .returning({ id: merchantDocuments.id });
        }
        const stateTo = stateAfterKybDocument(merchant.stateCode, docType);
        if (stateTo !== merchant.stateCode) await tx.update(merchants).set({ stateCode: stateTo }).where(eq(merchants.id, merchantId));
        await notifyKybState(tx, merchant, stateTo);
        await event(
          tx,
          merchantId,
          actor,
          existing ? 'REPLACE_DOCUMENT' : 'UPLOAD_DOCUMENT',
          { documentId: id, type: docType, sizeBytes: file.sizeBytes, sha256: file.sha256 },
          merchant.stateCode,
          stateTo,
        );
        return id;
      });
    },

    /** Saves changed fields; a change of anything but contact details sends the merchant back to approval (stateAfterEdit). */
    async update(merchantId: number, input: MerchantEditInput, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const merchant = await lockMerchant(tx, merchantId);
        const block = kybEditBlock(merchant.stateCode);
        if (block) throw new ConflictError(`merchantInfo.${block}`);
        await checkCategories(tx, input);
        const [profile] = await tx.select().from(merchantProfiles).where(eq(merchantProfiles.merchantId, merchantId));
        const current = { name: merchant.name, brandName: merchant.brandName, ...(profile ?? {}) };
        const changed = changedMerchantFields(current, input);
        // Sending what is already saved changes nothing (a retried request is harmless).
        if (changed.length === 0) return;
        const types = await documentTypesOf(tx, merchantId);
        // Contact details alone keep the KYB state (docs/decisions.md); anything KYB verified is reviewed again.
        const stateTo = stateAfterEdit(merchant.stateCode, missingRequiredDocuments(types).length === 0, reviewFieldsOf(changed));
        await tx.update(merchants).set({ name: input.name, brandName: input.brandName, stateCode: stateTo }).where(eq(merchants.id, merchantId));
        await notifyKybState(tx, merchant, stateTo);
        const values = { ...profileValues(input), updatedAt: new Date(), updatedBy: actor.userId };
        await tx
          .insert(merchantProfiles)
          .values({ merchantId, ...values })
          .onConflictDoUpdate({ target: merchantProfiles.merchantId, set: values });
        // Field names only: the values (phones, e-mails, tax codes) stay out of the trail.
        await event(tx, merchantId, actor, 'UPDATE_INFO', { fields: changed }, merchant.stateCode, stateTo);
      });
    },

    async categories(type: CategoryType, lang: 'vi' | 'en'): Promise<MerchantCategory[]> {
      const rows = await db
        .select()
        .from(merchantCategories)
        .where(eq(merchantCategories.type, type))
        .orderBy(asc(merchantCategories.sortOrder), asc(merchantCategories.id));
      return rows.map((r) => ({ code: r.code, name: lang === 'en' ? r.nameEn : r.nameVi, mcc: r.mcc }));
    },

    async eventsOf(merchantId: number) {
      return db
        .select()
        .from(merchantProfileEvents)
        .where(eq(merchantProfileEvents.merchantId, merchantId))
        .orderBy(desc(merchantProfileEvents.createdAt), desc(merchantProfileEvents.id));
    },
  };
}

export type MerchantInfoRepository = ReturnType<typeof merchantInfoRepository>;
