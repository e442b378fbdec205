/**
 * The size of a file behind a URL (an attachment, a document), from a HEAD request, with the two
 * spec §8 texts: 'Không thể lấy được kích thước của file.' when the server does not tell the size,
 * 'Yêu cầu thất bại.' when the request itself fails.
 */
import { FileMessageKeys, type Translate } from './messages';

/** The part of a fetch Response this needs, so the portal's httpClient or fetch can serve it. */
export interface HeadResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
}

export type FileSizeResult =
  | { ok: true; size: number }
  | { ok: false; reason: 'sizeUnavailable' | 'requestFailed'; messageKey: string; message: string };

const identity: Translate = (key) => key;

function parseSize(text: string | null): number | null {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const size = Number(text);
  return Number.isSafeInteger(size) ? size : null;
}

/** `bytes 0-0/12345` (a ranged answer): the total after the slash; `*` means unknown. */
function sizeFromContentRange(text: string | null): number | null {
  const match = text ? /\/\s*(\d+)\s*$/.exec(text) : null;
  return match ? parseSize(match[1]) : null;
}

/** Never throws. `t` translates the message key; without it, `message` is the key. */
export async function getFileSize(
  url: string,
  fetchHead: (url: string) => Promise<HeadResponse>,
  t: Translate = identity,
): Promise<FileSizeResult> {
  const failure = (reason: 'sizeUnavailable' | 'requestFailed'): FileSizeResult => {
    const messageKey: string = FileMessageKeys[reason];
    let message = messageKey;
    try {
      message = t(messageKey);
    } catch {
      // Keep the key: a message is still better than a throw.
    }
    return { ok: false, reason, messageKey, message };
  };

  let response: HeadResponse;
  try {
    response = await fetchHead(url);
  } catch {
    return failure('requestFailed');
  }
  if (!response || !response.ok) return failure('requestFailed');
  const size =
    parseSize(response.headers.get('content-length')) ?? sizeFromContentRange(response.headers.get('content-range'));
  return size === null ? failure('sizeUnavailable') : { ok: true, size };
}
