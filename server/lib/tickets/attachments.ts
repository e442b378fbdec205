/**
 * Ticket attachments: images (PNG, JPEG), PDF, CSV and XLSX, recognised by their content. The picture
 * and PDF signatures are the KYB documents' (server/lib/files); CSV is plain UTF-8 text that is not
 * markup, XLSX a ZIP package with a workbook part. The name's extension must match what was found.
 */
import { createHash } from 'node:crypto';
import { TICKET_ATTACHMENT_EXTENSIONS, TICKET_ATTACHMENT_MAX_BYTES } from '@/domain/tickets';
import { sniffType, type FileProblem } from '../files';

export type AttachmentType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'text/csv' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];

function isXlsx(bytes: Buffer): boolean {
  if (!ZIP.every((b, i) => bytes[i] === b)) return false;
  // The local file headers name the parts; a workbook has [Content_Types].xml and an xl/ folder.
  const names = bytes.toString('latin1');
  return names.includes('[Content_Types].xml') && names.includes('xl/');
}

function isCsv(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  // Markup (an HTML page or an SVG renamed .csv) is not a spreadsheet export.
  return start.length > 0 && !start.startsWith('<');
}

export function sniffAttachment(bytes: Buffer): AttachmentType | null {
  const known = sniffType(bytes);
  if (known === 'image/png' || known === 'image/jpeg' || known === 'application/pdf') return known;
  if (known) return null;
  if (isXlsx(bytes)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (isCsv(bytes)) return 'text/csv';
  return null;
}

export interface CheckedAttachment {
  contentType: AttachmentType;
  extension: string;
  sizeBytes: number;
  sha256: string;
}

export function checkAttachment(bytes: Buffer, fileName: string): { ok: true; file: CheckedAttachment } | { ok: false; problem: FileProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'fileEmpty' };
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) return { ok: false, problem: 'fileTooLarge' };
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (!(TICKET_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return { ok: false, problem: 'fileType' };
  const contentType = sniffAttachment(bytes);
  if (!contentType || !EXTENSIONS[contentType].includes(extension)) return { ok: false, problem: 'fileContent' };
  return { ok: true, file: { contentType, extension, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } };
}
