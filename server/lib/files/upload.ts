/**
 * Reads the one part named `file` of a multipart upload into memory, within `maxBytes` (then it stops):
 * anything but exactly one such part, or an unsafe file name, is refused before any byte is stored.
 * `refuse(problem, http)` builds the caller's error (its own message keys).
 */
import type { FastifyRequest } from 'fastify';
import { isSafeFileName } from '@/domain/merchantInfo';
import { ApiError } from '../../errors';

export type UploadProblem = 'notMultipart' | 'fileMissing' | 'fileName' | 'fileTooLarge';

export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
  refuse: (problem: UploadProblem, http: number) => ApiError,
): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw refuse('notMultipart', 415);
  let upload: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts({ preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 20 } })) {
      if (part.type !== 'file' || part.fieldname !== 'file' || upload) throw refuse('fileMissing', 400);
      if (!isSafeFileName(part.filename)) {
        part.file.resume();
        throw refuse('fileName', 400);
      }
      upload = { fileName: part.filename.normalize('NFC'), content: await part.toBuffer() };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('fileTooLarge', 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse('fileMissing', 400);
    throw err;
  }
  if (!upload) throw refuse('fileMissing', 400);
  return upload;
}
