/**
 * Server-sent events read from a fetch body (the stream needs the Authorization header, which EventSource
 * cannot send). `createEventParser` takes decoded text in any chunking and calls `onEvent` for each
 * complete event; comments (`: keep-alive`) are ignored.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

export function createEventParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

/** Reads `stream` to its end (or until it fails / is aborted), feeding every event to `onEvent`. */
export async function readEvents(stream: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const feed = createEventParser(onEvent);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reconnect delay after `failures` failed attempts in a row: 1 s doubling up to 60 s, with jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}
