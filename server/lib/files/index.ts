/**
 * Uploaded files: content checks (magic bytes, SVG safety), generated storage names and storage in the
 * database, and a safe attachment header for sending them back.
 */
import { createHash, randomUUID } from 'node:crypto';
import { EXTENSIONS_BY_TYPE, sniffType, type SniffedType } from './sniff';
import { svgProblem } from './svg';

export { attachmentDisposition } from '../export/content-disposition';
export { sniffType, looksLikeSvg, EXTENSIONS_BY_TYPE, type SniffedType } from './sniff';
export { svgProblem } from './svg';
export { fileStore, type FileStore } from './store';

export type FileProblem = 'fileEmpty' | 'fileTooLarge' | 'fileType' | 'fileContent' | 'svgUnsafe';

export interface CheckedFile {
  contentType: SniffedType;
  extension: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Checks an uploaded file: not empty, within `maxBytes`, content of one of the types the extensions
 * allow, the name's extension matching the content, and an SVG free of scripts and external references.
 */
export function checkFile(
  bytes: Buffer,
  fileName: string,
  allowedExtensions: readonly string[],
  maxBytes: number,
): { ok: true; file: CheckedFile } | { ok: false; problem: FileProblem } {
  if (bytes.length === 0) return { ok: false, problem: 'fileEmpty' };
  if (bytes.length > maxBytes) return { ok: false, problem: 'fileTooLarge' };
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (!allowedExtensions.includes(extension)) return { ok: false, problem: 'fileType' };
  const contentType = sniffType(bytes);
  if (!contentType || !EXTENSIONS_BY_TYPE[contentType].includes(extension)) return { ok: false, problem: 'fileContent' };
  if (contentType === 'image/svg+xml' && svgProblem(bytes.toString('utf8'))) return { ok: false, problem: 'svgUnsafe' };
  return {
    ok: true,
    file: { contentType, extension, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
  };
}

/** A fresh storage name: random, so it says nothing about the merchant or the user's file name. */
export function generatedStorageName(extension: string): string {
  return `${randomUUID()}.${extension.replace(/[^a-z0-9]/g, '')}`;
}
