import { describe, expect, it } from 'vitest';
import { inboxFiltersOf, LIVE_CHAT_LIMITS, withInboxFilters } from '@/domain/liveChat';

describe('inbox filters in the address', () => {
  it('reads every filter the address names', () => {
    expect(inboxFiltersOf(new URLSearchParams('filter=mine&status=PENDING&search=0912&tagId=7'))).toEqual({
      filter: 'mine',
      status: 'PENDING',
      search: '0912',
      tagId: 7,
    });
  });

  it('drops only the values that are not filters, and clips the search', () => {
    const long = 'a'.repeat(LIVE_CHAT_LIMITS.searchMaxLength + 20);
    expect(inboxFiltersOf(new URLSearchParams(`filter=everyone&status=CLOSED&tagId=0&search=${long}`))).toEqual({
      filter: 'all',
      status: undefined,
      search: 'a'.repeat(LIVE_CHAT_LIMITS.searchMaxLength),
      tagId: undefined,
    });
    expect(inboxFiltersOf(new URLSearchParams('status=OPEN&tagId=abc'))).toEqual({ filter: 'all', status: 'OPEN', search: undefined, tagId: undefined });
  });

  it('writes the filters in, leaving defaults out and other parameters as they are', () => {
    const next = withInboxFilters(new URLSearchParams('tab=2&status=OPEN&search=old'), { filter: 'unassigned', status: undefined, search: '', tagId: 12 });
    expect(next.toString()).toBe('tab=2&filter=unassigned&tagId=12');
    expect(withInboxFilters(next, { filter: 'all', status: undefined, search: undefined, tagId: undefined }).toString()).toBe('tab=2');
  });

  it('reads back what it writes', () => {
    const filters = { filter: 'mine', status: 'RESOLVED', search: 'Nguyễn & co', tagId: 3 } as const;
    expect(inboxFiltersOf(withInboxFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});
