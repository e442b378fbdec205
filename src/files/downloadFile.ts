/**
 * Exports seen from the browser: fetch a file, check that it is one, save it, and say so (spec §8:
 * 'Tải file thành công!', 'File không hợp lệ!', 'Tải file thất bại!').
 */
import { FileMessageKeys, type Notify, type Translate } from './messages';
import { saveBlob } from './saveBlob';
import { DEFAULT_FILE_NAME } from './safeFileName';

export interface FetchedFile {
  /** What the server sent. Anything that is not a Blob (a JSON answer decoded by the client) is invalid. */
  blob: unknown;
  /** From Content-Disposition (see fileNameFromContentDisposition). */
  fileName?: string | null;
  /** The response's Content-Type; the blob's own type is used when absent. */
  contentType?: string | null;
}

/** A file answer (a blob and its headers, as the httpClient returns it) as a FetchedFile. */
export function fetchedFileOf(response: { data: unknown; headers: { get(name: string): string | null } }): FetchedFile {
  return {
    blob: response.data,
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type'),
  };
}

export interface DownloadOptions {
  notify: Notify;
  t: Translate;
  /**
   * MIME types the file may have (e.g. 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
   * or 'text/*'). A file of another known type is invalid; an untyped one (none, or
   * application/octet-stream) is accepted unless it turns out to be an API envelope.
   */
  accept?: readonly string[];
  /** Used when the server names no file. */
  fileName?: string;
  /** Injected in tests; saveBlob otherwise. */
  save?: (blob: Blob, fileName: string) => void;
}

export type DownloadOutcome = 'saved' | 'invalid' | 'failed';

/** Envelopes are small; a file this large is not one and is never read into a string. */
const MAX_ENVELOPE_PEEK_BYTES = 64 * 1024;

function mimeBase(type: string | null | undefined): string {
  return (type ?? '').split(';')[0].trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

function accepts(accept: readonly string[], type: string): boolean {
  return accept.some((pattern) => {
    const wanted = mimeBase(pattern);
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
}

function isEnvelopeShaped(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';
}

/** True when the blob is, in fact, the API's JSON envelope (an error where a file was expected). */
async function isEnvelopeBlob(blob: Blob): Promise<boolean> {
  if (blob.size > MAX_ENVELOPE_PEEK_BYTES) return false;
  try {
    const text = (await blob.text()).trim();
    if (!text.startsWith('{')) return false;
    return isEnvelopeShaped(JSON.parse(text));
  } catch {
    return false;
  }
}

async function isValidFile(file: FetchedFile, accept: readonly string[] | undefined): Promise<boolean> {
  const { blob } = file;
  if (typeof Blob === 'undefined' || !(blob instanceof Blob) || blob.size === 0) return false;
  const type = mimeBase(file.contentType) || mimeBase(blob.type);
  const untyped = type === '' || type === 'application/octet-stream';
  if (!untyped && accept && accept.length > 0 && !accepts(accept, type)) return false;
  if (untyped || isJsonType(type)) return !(await isEnvelopeBlob(blob));
  return true;
}

/**
 * The client rejected the call, but the server did answer 2xx with an envelope (a refusal sent as
 * JSON where the file should be): that is an invalid file, not a failed download.
 */
function isEnvelopeInsteadOfFile(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, body } = error as { status?: unknown; body?: unknown };
  return typeof status === 'number' && status >= 200 && status < 300 && isEnvelopeShaped(body);
}

/**
 * Fetches a file and saves it. Never throws: the outcome is returned and told to the user.
 * Callers fetch with the httpClient's error toast off (`showError: false`), so one failure shows
 * one toast.
 */
export async function downloadFile(
  fetchFile: () => Promise<FetchedFile>,
  options: DownloadOptions,
): Promise<DownloadOutcome> {
  const { notify, t } = options;
  const tell = (outcome: DownloadOutcome): DownloadOutcome => {
    try {
      if (outcome === 'saved') notify(t(FileMessageKeys.downloadSuccess), { type: 'success' });
      else if (outcome === 'invalid') notify(t(FileMessageKeys.invalidFile), { type: 'error' });
      else notify(t(FileMessageKeys.downloadFailed), { type: 'error' });
    } catch {
      // A broken notifier must not turn a saved file into a failure.
    }
    return outcome;
  };

  let file: FetchedFile;
  try {
    file = await fetchFile();
  } catch (error) {
    return tell(isEnvelopeInsteadOfFile(error) ? 'invalid' : 'failed');
  }
  try {
    if (!(await isValidFile(file, options.accept))) return tell('invalid');
    (options.save ?? saveBlob)(file.blob as Blob, file.fileName || options.fileName || DEFAULT_FILE_NAME);
    return tell('saved');
  } catch {
    return tell('failed');
  }
}

/**
 * The file name of a Content-Disposition header: RFC 6266 `filename*=UTF-8''…` (how Vietnamese
 * names travel) wins over plain `filename="…"`. Null when there is none. The result still goes
 * through safeFileName when saved.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const charset = extended[1].trim().toLowerCase();
    const value = extended[2].trim().replace(/^"(.*)"$/, '$1');
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(value);
      // ISO-8859-1 (the only other charset RFC 5987 requires): percent-escapes are bytes = code points.
      return value.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    } catch {
      // Malformed escapes: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const token = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return token ? token[1] : null;
}
