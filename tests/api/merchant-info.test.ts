/** Merchant info and KYB: /profile/v2/merchants/:merchantId/info, documents, categories, validations, register, linked-merchants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { memberships, merchantDocuments, merchantProfileEvents, merchantProfiles, merchants, storedFiles } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { KYB_DEMO_USERNAME, KybDemoMerchants, solidPng, simplePdf, type KybDemoKey } from '../../server/db/seed-merchant-profile';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import { MAX_DOCUMENT_BYTES } from '../../src/domain/merchantInfo';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = '/api/profile/v2/merchants';
const infoUrl = (id: number) => `${base}/${id}/info`;
const docsUrl = (id: number, type: string) => `${base}/${id}/documents?type=${encodeURIComponent(type)}`;
const docUrl = (id: number, docId: number) => `${base}/${id}/documents/${docId}`;
const fileUrl = (id: number, docId: number) => `${base}/${id}/documents/${docId}/file`;
const vi = viApi.merchantInfo;

/** A multipart body with one part (field `file` unless told otherwise). */
function multipart(fileName: string, content: Buffer, contentType = 'image/png', field = 'file') {
  const boundary = '----mi' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = solidPng(40, 30, [10, 120, 200]);
const PDF = simplePdf('Giay phep');
const CLEAN_SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#A50064"/></svg>');

const validEdit = (overrides: Record<string, unknown> = {}) => ({
  name: 'Công ty TNHH Hoa Sen Mới',
  brandName: 'Hoa Sen',
  companyTypeCode: 'LLC_ONE',
  industryCode: 'FNB',
  taxCode: '0312345678',
  businessAddress: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
  representativeName: 'Trịnh Khánh Vy',
  contactPhone: '0909112233',
  contactEmail: 'lienhe@hoasen.vn',
  website: 'https://hoasen.vn',
  sellingChannel: 'BOTH',
  ...overrides,
});

describe('merchant info and KYB', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let kyb: string;
  const kybId = new Map<KybDemoKey, number>();

  const counts = async () => {
    const [{ docs }] = await t.database.db.select({ docs: count() }).from(merchantDocuments);
    const [{ files }] = await t.database.db.select({ files: count() }).from(storedFiles);
    return { docs, files };
  };
  const stateOf = async (id: number) => (await t.database.db.select().from(merchants).where(eq(merchants.id, id)))[0].stateCode;
  const docsOf = (id: number, type?: string) =>
    t.database.db
      .select()
      .from(merchantDocuments)
      .where(type ? and(eq(merchantDocuments.merchantId, id), eq(merchantDocuments.docType, type)) : eq(merchantDocuments.merchantId, id));
  const upload = (token: string, id: number, type: string, name: string, content: Buffer, query = '') =>
    t.call(token, { method: 'POST', url: docsUrl(id, type) + query, ...multipart(name, content) });

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, kyb] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.cashier.username),
      t.login(KYB_DEMO_USERNAME),
    ]);
    for (const [key, m] of Object.entries(KybDemoMerchants)) {
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.partnerCode, m.partnerCode));
      kybId.set(key as KybDemoKey, row.id);
    }
  });
  afterAll(() => t.close());

  describe('GET info', () => {
    it('shows the merchant, its §4 KYB state, profile, documents and links', async () => {
      const res = await t.call(owner, { method: 'GET', url: infoUrl(SME) });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        id: SME,
        partnerCode: 'MC_SONGHAN',
        name: DemoMerchants.sme.name,
        stateCode: 201,
        kybStatus: 'done',
        inKyb: true,
        awaitingApproval: false,
        nextStep: 'none',
        relationshipRole: 'MASTER_MERCHANT',
        internalGroup: { groupCode: 'PAYMENT_SOLUTION' },
        canEdit: true,
        missingDocuments: [],
      });
      expect(data.profile.taxCode).toMatch(/^\d{10}$/);
      expect(data.documents.map((d: { type: string }) => d.type)).toEqual(
        expect.arrayContaining(['Document-KYB-B1', 'Document-KYB-B2', 'Document-KYB-A', 'Logo']),
      );
      // Generated satellites of the seed are linked under the SME.
      expect(data.linkedMerchants.length).toBeGreaterThan(0);
      expect(data.linkedMerchants[0].relationshipRole).toBe('SATELLITE');
    });

    it.each([
      ['new', 101, 'new', 'uploadAndSubmit', true],
      ['waitingUpdate', 106, 'waitingUpdate', 'update', true],
      ['waitingApprove', 110, 'waitingApprove', 'wait', true],
      ['done', 210, 'done', 'none', false],
      ['reject', 202, 'reject', 'fixAndResubmit', false],
      ['locked', 204, 'locked', 'contactSupport', false],
      ['other', 102, 'other', 'other', true],
    ] as const)('kyb_demo’s %s merchant answers state %i as %s', async (key, code, status, next, awaiting) => {
      const { data } = (await t.call(kyb, { method: 'GET', url: infoUrl(kybId.get(key)!) })).json();
      expect(data).toMatchObject({ stateCode: code, kybStatus: status, nextStep: next, awaitingApproval: awaiting, inKyb: code >= 200 && code < 300 });
      expect(data.canEdit).toBe(status !== 'locked' && status !== 'waitingApprove');
    });

    it('refuses roles without MERCHANT_KYB and merchants of others', async () => {
      expect((await t.call(accountant, { method: 'GET', url: infoUrl(SME) })).statusCode).toBe(403);
      const res = await t.call(owner, { method: 'GET', url: infoUrl(OTHER) });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(3);
      expect((await t.call(null, { method: 'GET', url: infoUrl(SME) })).statusCode).toBe(401);
    });
  });

  describe('documents', () => {
    it('uploading an ID front twice keeps one, deletes the old bytes and sends a verified merchant to approval (203)', async () => {
      const before = await counts();
      const [old] = await docsOf(SME, 'Document-KYB-B1');
      const first = await upload(owner, SME, 'Document-KYB-B1', 'cccd truoc.png', PNG);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ type: 'Document-KYB-B1', fileName: 'cccd truoc.png', contentType: 'image/png', sizeBytes: PNG.length, isPublic: false });
      const second = await upload(owner, SME, 'Document-KYB-B1', 'cccd-moi.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]));
      expect(second.statusCode, second.body).toBe(200);
      const rows = await docsOf(SME, 'Document-KYB-B1');
      expect(rows).toHaveLength(1);
      expect(rows[0].id).toBe(old.id);
      expect(rows[0].fileName).toBe('cccd-moi.jpg');
      expect(rows[0].contentType).toBe('image/jpeg');
      // Generated storage name: random, nothing of the user's file name in it.
      expect(rows[0].storageName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
      expect(await counts()).toEqual(before);
      expect((await t.database.db.select().from(storedFiles).where(eq(storedFiles.storageName, old.storageName))).length).toBe(0);
      expect(await stateOf(SME)).toBe(203);
      const events = await t.database.db.select().from(merchantProfileEvents).where(eq(merchantProfileEvents.merchantId, SME));
      expect(events.filter((e) => e.action === 'REPLACE_DOCUMENT')).toHaveLength(2);
      // Restore the state the other tests expect.
      await t.database.db.update(merchants).set({ stateCode: 201 }).where(eq(merchants.id, SME));
    });

    it('serves a document back as an attachment with a safe name and its sniffed type', async () => {
      const created = (await upload(owner, SME, 'OTHER_PUBLIC_DOCUMENT', 'Bảng giá mới; 2025 (1).pdf', PDF)).json().data;
      const res = await t.call(owner, { method: 'GET', url: fileUrl(SME, created.id) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toBe(
        `attachment; filename="Bang_gia_moi_2025_1.pdf"; filename*=UTF-8''B%E1%BA%A3ng%20gi%C3%A1%20m%E1%BB%9Bi%3B%202025%20%281%29.pdf`,
      );
      expect(res.rawPayload.equals(PDF)).toBe(true);
    });

    const refused = async (res: { statusCode: number; json(): { status: number; message: string } }, http: number, message: string, before: { docs: number; files: number }) => {
      expect(res.statusCode).toBe(http);
      expect(res.json().status).toBe(2);
      expect(res.json().message).toBe(message);
      expect(await counts()).toEqual(before);
    };

    it('refuses wrong content behind an image name, and nothing is stored', async () => {
      const before = await counts();
      await refused(await upload(owner, SME, 'Document-KYB-A', 'giay-phep.png', Buffer.from('<html><script>alert(1)</script></html>')), 400, vi.fileContent, before);
      await refused(await upload(owner, SME, 'Document-KYB-A', 'giay-phep.png', PDF), 400, vi.fileContent, before);
      await refused(await upload(owner, SME, 'Document-KYB-B2', 'id.jpg', PNG), 400, vi.fileContent, before);
      await refused(await upload(owner, SME, 'Document-KYB-A', 'payload.exe', Buffer.from('MZ....')), 400, vi.fileType.replace('{{types}}', 'jpg, jpeg, png, pdf'), before);
      await refused(await upload(owner, SME, 'Document-KYB-A', 'empty.pdf', Buffer.alloc(0)), 400, vi.fileEmpty, before);
    });

    it('refuses a file of 6 MiB + 1 byte (413) and keeps one of exactly 6 MiB', async () => {
      const before = await counts();
      const big = Buffer.concat([PDF.subarray(0, 8), Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - 8, 0x20)]);
      await refused(await upload(owner, SME, 'OTHER_PRIVATE_DOCUMENT', 'big.pdf', big), 413, vi.fileTooLarge, before);
      const exact = await upload(owner, SME, 'OTHER_PRIVATE_DOCUMENT', 'exact.pdf', big.subarray(0, MAX_DOCUMENT_BYTES));
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json().data.sizeBytes).toBe(MAX_DOCUMENT_BYTES);
    });

    it('refuses SVG with scripts, handlers or external references; takes a clean SVG logo; no SVG for ID scans', async () => {
      const before = await counts();
      const bad = [
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></svg>',
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:alert(1)"><rect/></a></svg>',
      ];
      for (const svg of bad) await refused(await upload(owner, SME, 'Logo', 'logo.svg', Buffer.from(svg)), 400, vi.svgUnsafe, before);
      await refused(await upload(owner, SME, 'Document-KYB-B1', 'id.svg', CLEAN_SVG), 400, vi.fileType.replace('{{types}}', 'jpg, jpeg, png, pdf'), before);
      const ok = await upload(owner, SME, 'Logo', 'logo.svg', CLEAN_SVG);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.contentType).toBe('image/svg+xml');
      expect(await docsOf(SME, 'Logo')).toHaveLength(1);
    });

    it.each(['../../etc/passwd.png', 'thu-muc/anh.png', '..\\..\\win.png', 'C:anh.png', '.hidden.png', 'a\u0000b.png', `${'a'.repeat(121)}.png`])(
      'refuses the path-like or unsafe file name %j, and nothing is stored',
      async (name) => {
        const before = await counts();
        await refused(await upload(owner, SME, 'Document-KYB-B1', name, PNG), 400, vi.fileName, before);
      },
    );

    it('refuses bodies that are not one file part', async () => {
      const before = await counts();
      const json = await t.call(owner, { method: 'POST', url: docsUrl(SME, 'Logo'), payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
      const wrongField = await t.call(owner, { method: 'POST', url: docsUrl(SME, 'Logo'), ...multipart('logo.png', PNG, 'image/png', 'avatar') });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toBe(vi.fileMissing);
      const badType = await upload(owner, SME, 'PASSPORT', 'a.png', PNG);
      expect(badType.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('answers in English with lang=en', async () => {
      const res = await upload(owner, SME, 'Document-KYB-A', 'x.png', Buffer.from('not a picture'), '&lang=en');
      expect(res.json().message).toBe(enApi.merchantInfo.fileContent);
    });

    it('refuses another merchant’s documents: 403 on its path, 404 through ours, nothing changed', async () => {
      const [otherDoc] = await docsOf(OTHER, 'OTHER_PRIVATE_DOCUMENT');
      const before = await counts();
      expect((await t.call(owner, { method: 'GET', url: fileUrl(OTHER, otherDoc.id) })).statusCode).toBe(403);
      expect((await t.call(owner, { method: 'GET', url: fileUrl(SME, otherDoc.id) })).statusCode).toBe(404);
      const replace = await t.call(owner, { method: 'POST', url: docUrl(SME, otherDoc.id), ...multipart('x.pdf', PDF, 'application/pdf') });
      expect(replace.statusCode).toBe(404);
      expect((await upload(owner, OTHER, 'OTHER_PRIVATE_DOCUMENT', 'x.pdf', PDF)).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
      const [after] = await docsOf(OTHER, 'OTHER_PRIVATE_DOCUMENT');
      expect(after).toEqual(otherDoc);
    });

    it('private documents are for KYB viewers; public ones for every member; uploads for editors only', async () => {
      const [logo] = await docsOf(SME, 'Logo');
      const [licence] = await docsOf(SME, 'Document-KYB-A');
      expect((await t.call(cashier, { method: 'GET', url: fileUrl(SME, logo.id) })).statusCode).toBe(200);
      expect((await t.call(cashier, { method: 'GET', url: fileUrl(SME, licence.id) })).statusCode).toBe(403);
      expect((await t.call(accountant, { method: 'GET', url: fileUrl(SME, licence.id) })).statusCode).toBe(403);
      const before = await counts();
      expect((await upload(accountant, SME, 'Logo', 'logo.png', PNG)).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('replaces a document by id; under review a merchant may still send papers (state kept); locked it may not', async () => {
      const [licence] = await docsOf(SME, 'Document-KYB-A');
      const res = await t.call(owner, { method: 'POST', url: docUrl(SME, licence.id), ...multipart('gpkd-2025.pdf', PDF, 'application/pdf') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: licence.id, fileName: 'gpkd-2025.pdf' });
      expect(await docsOf(SME, 'Document-KYB-A')).toHaveLength(1);
      await t.database.db.update(merchants).set({ stateCode: 201 }).where(eq(merchants.id, SME));

      const reviewId = kybId.get('waitingApprove')!;
      const review = await upload(kyb, reviewId, 'Document-KYB-B1', 'id.png', PNG);
      expect(review.statusCode, review.body).toBe(200);
      expect(await stateOf(reviewId)).toBe(110);
      const before = await counts();
      const locked = await upload(kyb, kybId.get('locked')!, 'Logo', 'logo.png', PNG);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(vi.locked);
      expect(await counts()).toEqual(before);
    });
  });

  describe('editing', () => {
    it('a new merchant without its documents goes to waiting update (106); with them, to waiting approve (110)', async () => {
      const id = kybId.get('new')!;
      const res = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: validEdit() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ stateCode: 106, kybStatus: 'waitingUpdate', profile: { taxCode: '0312345678', sellingChannel: 'BOTH' } });
      for (const type of ['Document-KYB-B1', 'Document-KYB-B2']) expect((await upload(kyb, id, type, 'id.png', PNG)).statusCode).toBe(200);
      expect((await upload(kyb, id, 'Document-KYB-A', 'gpkd.pdf', PDF)).statusCode).toBe(200);
      const again = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: validEdit({ brandName: 'Hoa Sen Café' }) });
      expect(again.json().data).toMatchObject({ stateCode: 110, kybStatus: 'waitingApprove', missingDocuments: [], canEdit: false });
      const events = await t.database.db.select().from(merchantProfileEvents).where(eq(merchantProfileEvents.merchantId, id));
      const update = events.find((e) => e.action === 'UPDATE_INFO' && e.stateTo === 110)!;
      expect(update.details).toEqual({ fields: ['brandName'] });
      // No phone, e-mail or tax code in the trail.
      expect(JSON.stringify(events)).not.toContain('0909112233');
    });

    it('a verified merchant waits for approval of the change inside KYB (203); sending the same again changes nothing', async () => {
      const id = kybId.get('done')!;
      const { data } = (await t.call(kyb, { method: 'GET', url: infoUrl(id) })).json();
      const same = { name: data.name, brandName: data.brandName, ...data.profile };
      const unchanged = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: same });
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      expect(await stateOf(id)).toBe(210);
      const changed = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: { ...same, businessAddress: '1 Nguyễn Huệ, TP. Hồ Chí Minh' } });
      expect(changed.json().data).toMatchObject({ stateCode: 203, kybStatus: 'waitingApprove', inKyb: true });
    });

    it('refuses locked and under-review merchants (409) and invalid fields (400 naming the field), writing nothing', async () => {
      const locked = await t.call(kyb, { method: 'POST', url: infoUrl(kybId.get('locked')!), payload: validEdit({ taxCode: '0399999999' }) });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(vi.locked);
      const review = await t.call(kyb, { method: 'POST', url: infoUrl(kybId.get('waitingApprove')!), payload: validEdit({ taxCode: '0399999999' }) });
      expect(review.statusCode).toBe(409);
      expect(review.json().message).toBe(vi.underReview);
      expect(await stateOf(kybId.get('waitingApprove')!)).toBe(110);

      const id = kybId.get('reject')!;
      const [before] = await t.database.db.select().from(merchantProfiles).where(eq(merchantProfiles.merchantId, id));
      const bad = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: validEdit({ taxCode: '12345', contactPhone: '0123' }) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBe(2);
      const fields = bad.json().data.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['taxCode', 'contactPhone']));
      expect(bad.json().data.errors.find((e: { field: string }) => e.field === 'taxCode').message).toBe(
        `${viApi.fields.taxCode}: ${viValidation.validation.merchantInfo.taxCode}`,
      );
      const unknown = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: validEdit({ industryCode: 'CASINO' }) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(vi.unknownIndustry);
      const extra = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: { ...validEdit(), stateCode: 201 } });
      expect(extra.statusCode).toBe(400);
      const [after] = await t.database.db.select().from(merchantProfiles).where(eq(merchantProfiles.merchantId, id));
      expect(after).toEqual(before);
      expect(await stateOf(id)).toBe(202);
    });

    it('contact details alone (phone, e-mail, website) keep the KYB state; any verified field sends it to review', async () => {
      const id = kybId.get('reject')!;
      const stateBefore = await stateOf(id);
      expect(stateBefore).toBe(KybDemoMerchants.reject.stateCode);
      const { data } = (await t.call(kyb, { method: 'GET', url: infoUrl(id) })).json();
      const same = { name: data.name, brandName: data.brandName, ...data.profile, website: data.profile.website ?? '' };
      const contactOnly = { ...same, contactPhone: '0912000111', contactEmail: 'lienhe@example.vn', website: 'https://lien-he.example.vn' };
      const kept = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: contactOnly });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data).toMatchObject({ stateCode: stateBefore, profile: { contactPhone: '0912000111', contactEmail: 'lienhe@example.vn', website: 'https://lien-he.example.vn' } });
      expect(await stateOf(id)).toBe(stateBefore);
      const events = async () => (await t.database.db.select().from(merchantProfileEvents).where(eq(merchantProfileEvents.merchantId, id))).filter((e) => e.action === 'UPDATE_INFO');
      expect((await events()).map((e) => [e.details, e.stateFrom, e.stateTo])).toEqual([[{ fields: ['contactPhone', 'contactEmail', 'website'] }, stateBefore, stateBefore]]);

      // The representative is what KYB verified: review again (203, still in KYB), with the contact change kept.
      const reviewed = await t.call(kyb, { method: 'POST', url: infoUrl(id), payload: { ...contactOnly, contactPhone: '0912000222', representativeName: 'Lê Thị Hoa' } });
      expect(reviewed.json().data).toMatchObject({ stateCode: 203, kybStatus: 'waitingApprove', profile: { contactPhone: '0912000222', representativeName: 'Lê Thị Hoa' } });
    });

    it('refuses editors of another merchant and non-editor roles', async () => {
      expect((await t.call(owner, { method: 'POST', url: infoUrl(OTHER), payload: validEdit() })).statusCode).toBe(403);
      expect((await t.call(accountant, { method: 'POST', url: infoUrl(SME), payload: validEdit() })).statusCode).toBe(403);
      expect(await stateOf(OTHER)).toBe(201);
    });
  });

  describe('categories and validations', () => {
    it('lists categories of a type in the caller’s language', async () => {
      const viRes = (await t.call(owner, { method: 'GET', url: `${base}/categories?type=INDUSTRY` })).json();
      expect(viRes.data[0]).toEqual({ code: 'FNB', name: 'Ăn uống, nhà hàng, quán cà phê', mcc: '5812' });
      const enRes = (await t.call(owner, { method: 'GET', url: `${base}/categories?type=COMPANY_TYPE&lang=en` })).json();
      expect(enRes.data.map((c: { code: string }) => c.code)).toContain('JSC');
      expect(enRes.data.find((c: { code: string }) => c.code === 'JSC').name).toBe('Joint-stock company');
      expect((await t.call(owner, { method: 'GET', url: `${base}/categories` })).statusCode).toBe(400);
      expect((await t.call(owner, { method: 'GET', url: `${base}/categories?type=MCC` })).statusCode).toBe(400);
    });

    it('publishes the upload and field rules', async () => {
      const { data } = (await t.call(owner, { method: 'GET', url: `${base}/validations` })).json();
      expect(data.maxDocumentBytes).toBe(6 * 1024 * 1024);
      expect(data.documentTypes.find((d: { type: string }) => d.type === 'Document-KYB-B1')).toMatchObject({ single: true, isPublic: false, required: true });
      expect(data.documentTypes.find((d: { type: string }) => d.type === 'Logo').extensions).toContain('svg');
    });
  });

  describe('registration', () => {
    const register = (token: string, body: Record<string, unknown>) =>
      t.call(token, { method: 'POST', url: `${base}/register`, payload: body });

    it('creates a new merchant (101) owned by the caller, which then appears in the caller’s merchants', async () => {
      const res = await register(accountant, { type: 'SME', ...validEdit({ name: 'Công ty TNHH Mới Toanh', taxCode: '0311111111' }) });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ stateCode: 101, kybStatus: 'new', name: 'Công ty TNHH Mới Toanh', canEdit: true });
      expect(data.partnerCode).toMatch(/^MC\d{6}$/);
      const [m] = await t.database.db.select().from(memberships).where(and(eq(memberships.merchantId, data.id)));
      expect(m.roles).toEqual(['MERCHANT_OWNER']);
      const list = (await t.call(accountant, { method: 'GET', url: `${base}?pageSize=100` })).json();
      expect(list.data.content.map((x: { id: number }) => x.id)).toContain(data.id);
    });

    it('refuses P2M, bad fields and a sixth pending merchant, creating nothing', async () => {
      const [{ n: before }] = await t.database.db.select({ n: count() }).from(merchants);
      expect((await register(accountant, { type: 'P2M', ...validEdit({ taxCode: '0322222222' }) })).statusCode).toBe(400);
      expect((await register(accountant, { type: 'SME', ...validEdit({ contactEmail: 'a@b', taxCode: '0322222222' }) })).statusCode).toBe(400);
      const [{ n: after }] = await t.database.db.select({ n: count() }).from(merchants);
      expect(after).toBe(before);
      // accountant_demo has one pending registration; four more are allowed, the sixth is not.
      for (let i = 0; i < 4; i++) expect((await register(accountant, { type: 'BPU', ...validEdit({ taxCode: `033000000${i}` }) })).statusCode).toBe(200);
      const sixth = await register(accountant, { type: 'BPU', ...validEdit({ taxCode: '0339999999' }) });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().message).toBe(vi.tooManyPending);
    });

    it('answers a tax code someone already registered exactly like a new one, and flags that merchant for KYB review', async () => {
      // The attack: register with a guessed code and read "taken" off the answer. Now both answers match.
      const [{ taxCode: takenCode }] = await t.database.db
        .select({ taxCode: merchantProfiles.taxCode })
        .from(merchantProfiles)
        .where(eq(merchantProfiles.merchantId, OTHER));
      const fresh = await register(owner, { type: 'SME', ...validEdit({ name: 'Công ty Mã Mới', taxCode: '0399000001' }) });
      const dup = await register(owner, { type: 'SME', ...validEdit({ name: 'Công ty Mã Trùng', taxCode: takenCode }) });
      expect([fresh.statusCode, dup.statusCode]).toEqual([200, 200]);
      const comparable = (body: { status: number; message: string; data: Record<string, unknown> }) => {
        const { id: _id, partnerCode: _p, name: _n, updatedAt: _u, profile, ...rest } = body.data;
        return { status: body.status, message: body.message, ...rest, profile: { ...(profile as object), taxCode: 'x' } };
      };
      expect(comparable(dup.json())).toEqual(comparable(fresh.json()));
      expect(dup.body).not.toContain('taxCodeTaken');
      expect(dup.json().data).toMatchObject({ stateCode: 101, kybStatus: 'new', profile: { taxCode: takenCode } });
      const flags = await t.database.db
        .select({ id: merchantProfiles.merchantId, duplicateTaxCode: merchantProfiles.duplicateTaxCode })
        .from(merchantProfiles)
        .where(inArray(merchantProfiles.merchantId, [fresh.json().data.id, dup.json().data.id, OTHER]));
      expect(Object.fromEntries(flags.map((f) => [f.id, f.duplicateTaxCode]))).toEqual({
        [fresh.json().data.id]: false,
        [dup.json().data.id]: true,
        [OTHER]: false,
      });
      const [registered] = await t.database.db
        .select({ details: merchantProfileEvents.details })
        .from(merchantProfileEvents)
        .where(and(eq(merchantProfileEvents.merchantId, dup.json().data.id), eq(merchantProfileEvents.action, 'REGISTER')));
      expect(registered.details).toEqual({ type: 'SME', duplicateTaxCode: true });
    });
  });

  describe('linking', () => {
    const link = (token: string, body: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${base}/linked-merchants`, payload: body });

    it('links a merchant under a master the caller owns; a second link is refused', async () => {
      const body = { merchantId: DemoMerchants.pagoda.id, masterMerchantId: SME, linkingType: 'SHARING', groupRole: 'INTERNAL_MANAGEMENT' };
      const res = await link(owner, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        linkedWithMaster: true,
        relationshipRole: 'SHARING',
        internalGroup: { groupCode: 'INTERNAL_MANAGEMENT' },
        master: { id: SME, partnerCode: 'MC_SONGHAN' },
      });
      const again = await link(owner, { ...body, masterMerchantId: DemoMerchants.topBrand.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(vi.alreadyLinked);
    });

    it('refuses masters that are not masters, a master as child, itself, others’ merchants and bad bodies', async () => {
      const [before] = await t.database.db.select().from(merchants).where(eq(merchants.id, OTHER));
      const notMaster = await link(owner, { merchantId: DemoMerchants.p2m.id, masterMerchantId: DemoMerchants.pagoda.id, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' });
      expect(notMaster.statusCode).toBe(409);
      expect(notMaster.json().message).toBe(vi.notMaster);
      const masterChild = await link(owner, { merchantId: DemoMerchants.topBrand.id, masterMerchantId: SME, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' });
      expect(masterChild.json().message).toBe(vi.isMaster);
      const self = await link(owner, { merchantId: SME, masterMerchantId: SME, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' });
      expect(self.statusCode).toBe(400);
      const foreign = await link(owner, { merchantId: OTHER, masterMerchantId: SME, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' });
      expect(foreign.statusCode).toBe(403);
      const admin = await t.login(DemoUsers.admin.username);
      expect((await link(admin, { merchantId: SME, masterMerchantId: DemoMerchants.topBrand.id, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' })).statusCode).toBe(403);
      expect((await link(owner, { merchantId: DemoMerchants.p2m.id, masterMerchantId: SME, linkingType: 'OWNER', groupRole: 'MASTER' })).statusCode).toBe(400);
      const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, OTHER));
      expect(after).toEqual(before);
    });
  });
});
