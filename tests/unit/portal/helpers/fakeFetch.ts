import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
  path: string;
}

export type FakeReply =
  | { status?: number; body?: unknown; contentType?: string }
  | Error
  | ((signal: AbortSignal | undefined) => Promise<Response>);

/** A fetch double answering from a queue of replies and recording every request it got. */
export function fakeFetch(...replies: FakeReply[]) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const [path, search = ''] = url.split('?');
    calls.push({
      url,
      path,
      query: new URLSearchParams(search),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    const reply = replies.shift() ?? { status: 200, body: { status: 0, message: '', data: null } };
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(init.signal ?? undefined);
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': reply.contentType ?? 'application/json; charset=utf-8' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** A reply that never comes unless the request is aborted (for timeout and cancel tests). */
export function hangingReply(): FakeReply {
  return (signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
}
