/**
 * File types from content (magic bytes), never from the name or the declared Content-Type: a renamed
 * executable or HTML page must not pass as a picture.
 */

export type SniffedType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'image/svg+xml';

/** The extensions each content type may be uploaded under. */
export const EXTENSIONS_BY_TYPE: Record<SniffedType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
  'image/svg+xml': ['svg'],
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** True when the bytes are UTF-8 text whose first element is an <svg> root (after an XML declaration/comments). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return false;
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  rest = rest.replace(/^<\?xml[^>]*\?>/i, '').trimStart();
  // Comments and a DOCTYPE may come before the root; the SVG checks refuse DOCTYPEs later on.
  for (;;) {
    const next = rest.replace(/^<!--[\s\S]*?-->/, '').replace(/^<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '').trimStart();
    if (next === rest) break;
    rest = next;
  }
  return /^<svg[\s>]/i.test(rest);
}

export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return null;
}
