import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOB_URL_REVOKE_MS, saveBlob } from '@/files';

describe('saveBlob', () => {
  const created: Blob[] = [];
  const revoked: string[] = [];
  let clicks: { href: string; download: string; inDocument: boolean }[];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

  beforeEach(() => {
    vi.useFakeTimers();
    created.length = 0;
    revoked.length = 0;
    clicks = [];
    // jsdom has no blob URLs; these stand in for the browser's.
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return `blob:http://localhost/${created.length}`;
    };
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
    };
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('downloads through a link in the document, then removes the link', () => {
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    saveBlob(blob, 'Báo cáo giao dịch 03/2024.csv');
    expect(created).toEqual([blob]);
    expect(clicks).toEqual([{ href: 'blob:http://localhost/1', download: 'Báo cáo giao dịch 03_2024.csv', inDocument: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('revokes the blob URL after 40 s, not before', () => {
    expect(BLOB_URL_REVOKE_MS).toBe(40_000);
    saveBlob(new Blob(['x']), 'x.txt');
    vi.advanceTimersByTime(39_999);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:http://localhost/1']);
  });

  it('still removes the link and revokes the URL when the click fails', () => {
    vi.mocked(HTMLAnchorElement.prototype.click).mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => saveBlob(new Blob(['x']), 'x.txt')).toThrow('blocked');
    expect(document.querySelectorAll('a')).toHaveLength(0);
    vi.advanceTimersByTime(BLOB_URL_REVOKE_MS);
    expect(revoked).toEqual(['blob:http://localhost/1']);
  });
});
