/**
 * Content-Disposition for a downloaded export (RFC 6266): `attachment`, an ASCII `filename` for old
 * clients and `filename*=UTF-8''…` (RFC 5987) carrying the real name. File names are built from
 * merchant data, so anything that could break the header (quotes, CR/LF, `;`) or a path on disk
 * (/ \ :) is replaced before it gets here.
 */

// Characters that are safe unquoted inside a quoted-string and on every file system.
const ASCII_SAFE = /[^A-Za-z0-9._-]/g;
// RFC 5987 attr-char: what may stay unescaped in an extended value.
const ATTR_CHAR = /[^A-Za-z0-9!#$&+.^_`|~-]/g;

/** A file name part from free text: diacritics dropped, anything outside [A-Za-z0-9._-] becomes '_'. */
export function asciiFileNamePart(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(ASCII_SAFE, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return plain === '' ? 'file' : plain;
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>`. */
export function attachmentDisposition(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1) : '';
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ascii = extension ? `${asciiFileNamePart(base)}.${asciiFileNamePart(extension)}` : asciiFileNamePart(base);
  const encoded = Array.from(new TextEncoder().encode(fileName.normalize('NFC')))
    .map((byte) => String.fromCharCode(byte))
    .join('')
    .replace(ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
