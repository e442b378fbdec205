/**
 * A file name that every browser and operating system will save as given: the name may come from
 * the server (Content-Disposition) or from merchant data (a store name), so it is untrusted.
 */

/** Most file systems cap a name at 255 bytes; the margin leaves room for "(1)" that browsers add. */
export const MAX_FILE_NAME_BYTES = 200;
export const DEFAULT_FILE_NAME = 'download';

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/** Zero-width and bidirectional controls: they can disguise "hoadon\u202Efdp.exe" as "hoadonexe.pdf". */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
/** Path separators, and what Windows refuses in a name. */
const FORBIDDEN = /[/\\<>:"|?*]/g;
/** Device names Windows will not create, with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** An extension worth keeping when the name is cut. */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

function cutToBytes(text: string, maxBytes: number): string {
  let result = '';
  let used = 0;
  // By code point, so a Vietnamese letter (2–3 bytes) or an emoji is never split.
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > maxBytes) break;
    result += char;
    used += size;
  }
  return result;
}

/**
 * Keeps letters of any script (Vietnamese diacritics included, normalised to NFC as Windows and
 * most tools expect), replaces path separators and characters Windows forbids with '_', removes
 * control and invisible characters, leading dots (no hidden file, no '..') and trailing dots and
 * spaces, and cuts the name to MAX_FILE_NAME_BYTES bytes of UTF-8 keeping its extension.
 */
export function safeFileName(name: string | null | undefined, fallback: string = DEFAULT_FILE_NAME): string {
  let cleaned = String(name ?? '')
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(FORBIDDEN, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  if (byteLength(cleaned) > MAX_FILE_NAME_BYTES) {
    const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
    const stem = cleaned.slice(0, cleaned.length - extension.length);
    cleaned = cutToBytes(stem, MAX_FILE_NAME_BYTES - byteLength(extension)).replace(/[\s.]+$/, '') + extension;
  }
  return cleaned === '' ? fallback : cleaned;
}
