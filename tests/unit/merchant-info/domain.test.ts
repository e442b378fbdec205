/** src/domain/merchantInfo.ts: the KYB flow, file checks and form schemas shared by portal and API. */
import { describe, expect, it } from 'vitest';
import {
  checkDocumentFile,
  isSafeFileName,
  kybEditBlock,
  kybNextStep,
  linkMerchantSchema,
  MAX_DOCUMENT_BYTES,
  merchantEditSchema,
  missingRequiredDocuments,
  stateAfterEdit,
  changedMerchantFields,
  reviewFieldsOf,
  CONTACT_ONLY_FIELDS,
  stateAfterKybDocument,
} from '../../../src/domain/merchantInfo';
import { MERCHANT_INFO_VIEW_ROLES } from '../../../src/domain/permissions';
import { ROLE_ROUTE_CODES } from '../../../src/domain/sidebar';
import { toFieldErrors } from '../../../src/domain/validation';

describe('KYB flow', () => {
  it.each([
    [101, 'uploadAndSubmit'],
    [106, 'update'],
    [110, 'wait'],
    [203, 'wait'],
    [201, 'none'],
    [210, 'none'],
    [202, 'fixAndResubmit'],
    [108, 'fixAndResubmit'],
    [109, 'contactSupport'],
    [204, 'contactSupport'],
    [102, 'other'],
    [999, 'other'],
  ])('state %i → next step %s', (code, step) => expect(kybNextStep(code)).toBe(step));

  it('blocks edits of locked merchants and of merchants under review only', () => {
    expect([109, 204].map(kybEditBlock)).toEqual(['locked', 'locked']);
    expect([110, 203].map(kybEditBlock)).toEqual(['underReview', 'underReview']);
    expect([101, 106, 201, 210, 202, 108, 102].map(kybEditBlock)).toEqual(Array(7).fill(null));
  });

  it('sends an edited merchant back to approval', () => {
    const name = ['name'] as const;
    expect(stateAfterEdit(201, true, name)).toBe(203);
    expect(stateAfterEdit(202, false, name)).toBe(203);
    expect(stateAfterEdit(101, true, name)).toBe(110);
    expect(stateAfterEdit(101, false, name)).toBe(106);
    expect(stateAfterEdit(108, true, name)).toBe(110);
  });

  it('keeps the KYB state when only contact details change (phone, e-mail, website)', () => {
    for (const code of [201, 210, 202, 101, 106, 108]) expect(stateAfterEdit(code, true, []), String(code)).toBe(code);
    const current = { name: 'Cà phê Sài Gòn', taxCode: '0312345678', contactPhone: '0901234567', contactEmail: 'a@b.vn', website: null };
    const contactOnly = { ...current, contactPhone: '0912345678', contactEmail: 'c@d.vn', website: 'https://cafe.vn' };
    expect(changedMerchantFields(current, contactOnly)).toEqual(['contactPhone', 'contactEmail', 'website']);
    expect(reviewFieldsOf(changedMerchantFields(current, contactOnly))).toEqual([]);
    // Empty and absent websites are the same; anything KYB verified is reviewed.
    expect(changedMerchantFields(current, { ...current, website: '' })).toEqual([]);
    expect(reviewFieldsOf(changedMerchantFields(current, { ...contactOnly, taxCode: '0312345679' }))).toEqual(['taxCode']);
    expect(CONTACT_ONLY_FIELDS).toEqual(['contactPhone', 'contactEmail', 'website']);
  });

  it('sends a verified merchant whose KYB paper changed back to approval; other papers change nothing', () => {
    expect(stateAfterKybDocument(201, 'Document-KYB-B1')).toBe(203);
    expect(stateAfterKybDocument(202, 'Document-KYB-A')).toBe(203);
    expect(stateAfterKybDocument(201, 'Logo')).toBe(201);
    expect(stateAfterKybDocument(106, 'Document-KYB-B1')).toBe(106);
    expect(stateAfterKybDocument(110, 'Document-KYB-B2')).toBe(110);
  });

  it('lists the missing required papers', () => {
    expect(missingRequiredDocuments(['Document-KYB-B1', 'Logo'])).toEqual(['Document-KYB-B2', 'Document-KYB-A']);
    expect(missingRequiredDocuments(['Document-KYB-A', 'Document-KYB-B2', 'Document-KYB-B1'])).toEqual([]);
  });
});

describe('files', () => {
  it.each(['../a.png', 'a/b.png', 'a\\b.png', 'C:a.png', '.env', 'a..png', ' a.png', 'a\u0007.png', 'x'.repeat(121)])('refuses the name %j', (name) =>
    expect(isSafeFileName(name)).toBe(false),
  );
  it('accepts ordinary Vietnamese names', () => expect(isSafeFileName('Giấy phép kinh doanh (bản 2).pdf')).toBe(true));

  it('checks a chosen file before upload', () => {
    expect(checkDocumentFile('Logo', { name: 'logo.svg', size: 10 })).toBeNull();
    expect(checkDocumentFile('Document-KYB-B1', { name: 'id.svg', size: 10 })).toBe('fileType');
    expect(checkDocumentFile('Document-KYB-A', { name: 'a.pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe('fileSize');
    expect(checkDocumentFile('Document-KYB-A', { name: 'a.pdf', size: MAX_DOCUMENT_BYTES })).toBeNull();
    expect(checkDocumentFile('Document-KYB-A', { name: 'a.pdf', size: 0 })).toBe('fileEmpty');
    expect(checkDocumentFile('Document-KYB-A', { name: '../a.pdf', size: 1 })).toBe('fileName');
  });
});

describe('schemas', () => {
  const valid = {
    name: 'Công ty A',
    brandName: 'A',
    companyTypeCode: 'JSC',
    industryCode: 'FNB',
    taxCode: '0312345678-001',
    businessAddress: '1 Lê Lợi',
    representativeName: 'Nguyễn Văn A',
    contactPhone: '0901234567',
    contactEmail: 'a@b.vn',
    website: '',
    sellingChannel: 'ONLINE',
  };
  it('accepts a valid merchant and reports each bad field with its validation key', () => {
    expect(merchantEditSchema.safeParse(valid).success).toBe(true);
    const result = merchantEditSchema.safeParse({ ...valid, taxCode: '123', name: ' ', brandName: 'x'.repeat(81), website: 'ftp://a' });
    const errors = Object.fromEntries(toFieldErrors(result.error!).map((e) => [e.field, e.messageKey]));
    expect(errors).toEqual({
      taxCode: 'validation.merchantInfo.taxCode',
      name: 'validation.required',
      brandName: 'validation.merchantInfo.tooLong',
      website: 'validation.webUrl',
    });
  });
  it('refuses linking a merchant to itself or with an unknown group role', () => {
    const base = { merchantId: 1, masterMerchantId: 2, linkingType: 'SATELLITE', groupRole: 'SALE_SOLUTION' };
    expect(linkMerchantSchema.safeParse(base).success).toBe(true);
    expect(toFieldErrors(linkMerchantSchema.safeParse({ ...base, masterMerchantId: 1 }).error!)[0].messageKey).toBe('validation.merchantInfo.linkSelf');
    expect(linkMerchantSchema.safeParse({ ...base, groupRole: 'MASTER' }).success).toBe(false);
  });
});

describe('permissions', () => {
  it('the roles that see merchant info are exactly those whose sidebar has MERCHANT_KYB', () => {
    const withKyb = Object.entries(ROLE_ROUTE_CODES)
      .filter(([, codes]) => codes.includes('MERCHANT_KYB'))
      .map(([role]) => role)
      .sort();
    expect([...MERCHANT_INFO_VIEW_ROLES].sort()).toEqual(withKyb);
  });
});
