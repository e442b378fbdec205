/** The bell's server-sent events reader: events split across chunks, comments, CRLF, several data lines; backoff. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, createEventParser, readEvents, type StreamEvent } from '@/features/notifications/eventStream';

describe('createEventParser', () => {
  it('emits each complete event once, whatever the chunking, and skips comments', () => {
    const seen: StreamEvent[] = [];
    const feed = createEventParser((e) => seen.push(e));
    feed(': ready\n\nevent: notifi');
    expect(seen).toEqual([]);
    feed('cation\ndata: {"id":1}\n');
    expect(seen).toEqual([]);
    feed('\n: keep-alive\n\r\nevent: notification\r\ndata: a\r\ndata: b\r\n\r\n');
    expect(seen).toEqual([
      { event: 'notification', data: '{"id":1}' },
      { event: 'notification', data: 'a\nb' },
    ]);
  });

  it('names an event without an event line "message"', () => {
    const seen: StreamEvent[] = [];
    createEventParser((e) => seen.push(e))('data:x\n\n');
    expect(seen).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('readEvents', () => {
  it('reads a byte stream to its end, multi-byte letters split between chunks', async () => {
    const bytes = new TextEncoder().encode('event: notification\ndata: Tiền về\n\n');
    const cut = bytes.indexOf(0xe1) + 1; // inside "ề"
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const seen: StreamEvent[] = [];
    await readEvents(stream, (e) => seen.push(e));
    expect(seen).toEqual([{ event: 'notification', data: 'Tiền về' }]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 60 s, within ±25 %', () => {
    expect([1, 2, 3, 7, 20].map((n) => backoffDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 60_000, 60_000]);
    expect(backoffDelay(1, () => 0)).toBe(750);
    expect(backoffDelay(1, () => 1)).toBe(1250);
  });
});
