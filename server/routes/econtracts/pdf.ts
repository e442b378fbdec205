/**
 * The contract as a PDF (pdf-lib), A4, with DejaVu Sans embedded (subset) so every Vietnamese letter
 * renders in any reader. Deterministic for one content: dates in the file come from the contract, not
 * from the clock, so the same signed contract downloads as the same bytes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { dayStart } from '@/domain/time';
import { canonicalJson, type RenderedContract } from './document';

const require = createRequire(import.meta.url);

/** DejaVu (Bitstream Vera licence: free to embed and redistribute) covers the whole Vietnamese alphabet. */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | null = null;

const importPdfLib = () =>
  Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([lib, fontkit]) => ({
    PDFDocument: lib.PDFDocument,
    fontkit: fontkit.default,
    colours: { ink: lib.rgb(0.12, 0.12, 0.14), muted: lib.rgb(0.42, 0.42, 0.46), brand: lib.rgb(0.65, 0.0, 0.42) },
  }));
let pdfLib: ReturnType<typeof importPdfLib> | null = null;

/** pdf-lib and fontkit (~0.5 s of CPU to load) are loaded by the first PDF of the process, not at start. */
export function loadPdfLib() {
  pdfLib ??= importPdfLib();
  return pdfLib;
}

/** Read once per process: the files are ~700 KB each. */
export function loadFonts() {
  fontBytes ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontBytes;
}

export interface PdfSignature {
  signerName: string;
  signerUsername: string;
  /** Already formatted for display (DD/MM/YYYY HH:mm:ss, Vietnam time). */
  signedAtText: string;
  contentHash: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BODY_SIZE = 10.5;
const LINE = 15;

/**
 * Greedy word wrap measured with the embedded font. Each word is measured once and widths are added
 * (kerning across a space is ignored): measuring whole candidate lines made a page take seconds.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = font.widthOfTextAtSize(word, size);
      if (!line) {
        line = word;
        lineWidth = wordWidth;
      } else if (lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
      } else {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Text shaping in fontkit costs a few milliseconds per line, so a contract takes a few hundred ms to
 * build: the newest documents are kept, keyed by their whole content (a change of data is a new key).
 */
const CACHE_SIZE = 32;
const cache = new Map<string, Uint8Array>();

export async function renderContractPdf(contract: RenderedContract, signature: PdfSignature | null): Promise<Uint8Array> {
  const key = createHash('sha256').update(canonicalJson({ contract, signature })).digest('hex');
  const cached = cache.get(key);
  if (cached) {
    // Map order is insertion order: re-inserting marks the entry as recently used.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const bytes = await buildContractPdf(contract, signature);
  cache.set(key, bytes);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return bytes;
}

export async function buildContractPdf(contract: RenderedContract, signature: PdfSignature | null): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const { PDFDocument, fontkit, colours } = await loadPdfLib();
  const { ink: INK, muted: MUTED, brand: BRAND } = colours;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });

  const issued = dayStart(contract.issuedOn);
  doc.setTitle(`${contract.title} – ${contract.contractNo}`);
  doc.setSubject(contract.parties.merchantName);
  doc.setLanguage('vi-VN');
  doc.setProducer('merchant-portal');
  doc.setCreator('merchant-portal');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const textWidth = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const ensure = (height: number) => {
    if (y - height < MARGIN + 30) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const write = (text: string, options: { font?: PDFFont; size?: number; color?: RGB; center?: boolean; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? BODY_SIZE;
    const lineHeight = Math.max(LINE, size * 1.4);
    for (const line of wrapText(text, font, size, textWidth)) {
      ensure(lineHeight);
      const x = options.center ? (PAGE.width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      page.drawText(line, { x, y: y - size, size, font, color: options.color ?? INK });
      y -= lineHeight;
    }
    y -= options.gap ?? 0;
  };

  write('CỘNG HOÀ XÃ HỘI CHỦ NGHĨA VIỆT NAM', { font: bold, size: 11, center: true });
  write('Độc lập – Tự do – Hạnh phúc', { size: 10.5, center: true, gap: 14 });
  write(contract.title.toUpperCase(), { font: bold, size: 15, center: true, color: BRAND });
  write(`Số: ${contract.contractNo} · Mẫu ${contract.type} phiên bản ${contract.version}`, { size: 9.5, center: true, color: MUTED, gap: 16 });

  for (const section of contract.sections) {
    ensure(LINE * 3);
    write(section.heading, { font: bold, size: 11.5, gap: 2 });
    for (const paragraph of section.paragraphs) write(paragraph, { gap: 5 });
    y -= 6;
  }

  ensure(LINE * 7);
  y -= 8;
  write('XÁC NHẬN KÝ ĐIỆN TỬ', { font: bold, size: 11.5, gap: 2 });
  if (signature) {
    write(`Đã ký điện tử bởi: ${signature.signerName} (tài khoản ${signature.signerUsername})`);
    write(`Thời điểm ký: ${signature.signedAtText} (giờ Việt Nam)`);
    write('Phương thức: mã xác thực một lần (OTP) gửi tới số điện thoại của người ký.');
    write(`Mã băm nội dung (SHA-256): ${signature.contentHash}`, { size: 8.5, color: MUTED });
  } else {
    write('Chưa ký. Người đại diện theo pháp luật của doanh nghiệp ký hợp đồng này trên cổng thông tin bằng mã xác thực một lần (OTP).', {
      color: MUTED,
    });
  }

  const pages = doc.getPages();
  pages.forEach((p, index) => {
    const footer = `${contract.contractNo} · Trang ${index + 1}/${pages.length}`;
    p.drawText(footer, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(footer, 8),
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });

  // Plain objects (no object streams): older readers and archiving tools read them; the size cost is small.
  return doc.save({ useObjectStreams: false });
}
