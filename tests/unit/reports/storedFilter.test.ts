/** A report list's filter kept per path: a relative preset is re-anchored on today, a bad value is dropped. */
import { describe, expect, it } from 'vitest';
import { fromStored, toStored } from '@/features/report-list/storedFilter';

const fields = { from: 'fromDate', to: 'toDate' };
const validate = (f: unknown) => (f && typeof f === 'object' && 'fromDate' in f ? (f as Record<string, unknown>) : null);

describe('stored report filter', () => {
  it('stores the preset the range equals and the page size', () => {
    expect(toStored({ fromDate: '2026-03-04', toDate: '2026-03-10', status: ['FAILED'] }, 50, fields, '2026-03-10')).toEqual({
      filter: { fromDate: '2026-03-04', toDate: '2026-03-10', status: ['FAILED'] },
      preset: 'last7Days',
      perPage: 50,
    });
    expect(toStored({ fromDate: '2026-03-01', toDate: '2026-03-02' }, 20, fields, '2026-03-10').preset).toBe('custom');
  });

  it('re-anchors a relative preset on today and keeps a custom range as it was', () => {
    const stored = toStored({ fromDate: '2026-03-10', toDate: '2026-03-10', status: ['FAILED'] }, 20, fields, '2026-03-10');
    expect(fromStored(stored, validate, fields, '2026-03-12')).toEqual({ filter: { fromDate: '2026-03-12', toDate: '2026-03-12', status: ['FAILED'] }, perPage: 20 });
    const custom = toStored({ fromDate: '2026-03-01', toDate: '2026-03-02' }, 100, fields, '2026-03-10');
    expect(fromStored(custom, validate, fields, '2026-04-01')).toEqual({ filter: { fromDate: '2026-03-01', toDate: '2026-03-02' }, perPage: 100 });
  });

  it('drops a value that does not fit and falls back to the default page size for one that is not §9', () => {
    expect(fromStored(null, validate, fields)).toBeNull();
    expect(fromStored({ filter: { nope: 1 }, preset: 'custom', perPage: 20 }, validate, fields)).toBeNull();
    expect(fromStored({ filter: { fromDate: '2026-03-01', toDate: '2026-03-02' }, preset: 'custom', perPage: 7 }, validate, fields)?.perPage).toBe(20);
  });
});
