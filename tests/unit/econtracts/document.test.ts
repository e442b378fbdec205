// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayKeyOf } from '@/domain/time';
import { canonicalJson, contentHashOf, fillPlaceholders, renderContract } from '../../../server/routes/econtracts/document';
import { buildContractPdf, wrapText } from '../../../server/routes/econtracts/pdf';

const parties = { merchantName: 'Công ty Cổ phần Phở Việt', brandName: 'Phở Việt', partnerCode: 'MC_PHOVIET', merchantType: 'TOP_BRAND', representative: 'Nguyễn Minh Anh' };
const input = {
  contractNo: 'HD-MC_PHOVIET-0002',
  type: 'PAYMENT_SERVICE',
  version: '2025.1',
  title: 'Hợp đồng dịch vụ thanh toán',
  sections: [{ heading: 'Các bên', paragraphs: ['Bên B: ${merchantName} (${partnerCode}), đại diện ${representative}, ngày ${issuedDate}, ${unknown}'] }],
  // 23:30 in Vietnam on 31/05 is still 31/05 there, though 16:30 UTC.
  issuedAt: new Date('2025-05-31T16:30:00Z'),
  parties,
};

describe('contract content', () => {
  it('fills the placeholders from the merchant’s data and the Vietnam date, leaving unknown ones visible', () => {
    const rendered = renderContract(input);
    expect(rendered.sections[0].paragraphs[0]).toBe(
      'Bên B: Công ty Cổ phần Phở Việt (MC_PHOVIET), đại diện Nguyễn Minh Anh, ngày 31/05/2025, ${unknown}',
    );
    expect(rendered.issuedOn).toBe('2025-05-31');
    expect(dayKeyOf(new Date('2025-05-31T17:00:00Z'))).toBe('2025-06-01');
    expect(fillPlaceholders('${a}${a}', { a: 'x' })).toBe('xx');
  });

  it('hashes a canonical form: key order does not matter, any change of content does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'ờ' }] })).toBe('{"a":[{"c":"ờ","d":2}],"b":1}');
    const hash = contentHashOf(renderContract(input));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHashOf(renderContract({ ...input }))).toBe(hash);
    expect(contentHashOf(renderContract({ ...input, parties: { ...parties, representative: 'Nguyễn Minh An' } }))).not.toBe(hash);
    expect(contentHashOf(renderContract({ ...input, version: '2025.2' }))).not.toBe(hash);
  });
});

describe('contract PDF', () => {
  it('is a PDF with the Vietnamese font embedded, the same bytes for the same content, several pages when long', async () => {
    const rendered = renderContract({
      ...input,
      sections: Array.from({ length: 30 }, (_, i) => ({ heading: `Điều ${i + 1}`, paragraphs: ['Bên A cung cấp cho Bên B dịch vụ nhận thanh toán qua ví điện tử, đối soát theo chu kỳ T+1.'] })),
    });
    const signature = { signerName: 'Nguyễn Minh Anh', signerUsername: 'owner_demo', signedAtText: '01/06/2025 10:00:00', contentHash: contentHashOf(rendered) };
    const a = await buildContractPdf(rendered, signature);
    const b = await buildContractPdf(rendered, signature);
    expect(Buffer.from(a).subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const raw = Buffer.from(a).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/DejaVuSans-\d+/);
    expect((raw.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
    const unsigned = await buildContractPdf(rendered, null);
    expect(Buffer.from(unsigned).equals(Buffer.from(a))).toBe(false);
  }, 30_000);

  it('wraps text to the width without losing or reordering words', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    const lines = wrapText(text, font, 10, 60);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) if (line.includes(' ')) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60.5);
    expect(wrapText('a\nb', font, 10, 500)).toEqual(['a', 'b']);
  });
});
