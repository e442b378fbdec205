/**
 * Customer care rules shared by the broadcast form and the API: quiet hours in Vietnam time (UTC+7, no
 * daylight saving) and their end at the next 08:00, and what a broadcast may hold.
 */
import { describe, expect, it } from 'vitest';
import { isQuietHour, makeBroadcastSchema, quietHoursEnd } from '@/domain/customerCare';

const vn = (iso: string) => new Date(`${iso}+07:00`);

describe('quiet hours', () => {
  it('are 21:00 to 08:00 Vietnam time', () => {
    expect(isQuietHour(vn('2026-03-02T20:59:59'))).toBe(false);
    expect(isQuietHour(vn('2026-03-02T21:00:00'))).toBe(true);
    expect(isQuietHour(vn('2026-03-03T00:30:00'))).toBe(true);
    expect(isQuietHour(vn('2026-03-03T07:59:59'))).toBe(true);
    expect(isQuietHour(vn('2026-03-03T08:00:00'))).toBe(false);
  });

  it('end at the next 08:00, across a day and a month', () => {
    expect(quietHoursEnd(vn('2026-03-02T22:15:00')).toISOString()).toBe(vn('2026-03-03T08:00:00').toISOString());
    expect(quietHoursEnd(vn('2026-03-03T06:00:00')).toISOString()).toBe(vn('2026-03-03T08:00:00').toISOString());
    expect(quietHoursEnd(vn('2026-03-31T23:00:00')).toISOString()).toBe(vn('2026-04-01T08:00:00').toISOString());
    expect(quietHoursEnd(vn('2026-03-03T08:00:00')).toISOString()).toBe(vn('2026-03-03T08:00:00').toISOString());
  });
});

describe('the broadcast schema', () => {
  const now = vn('2026-03-02T10:00:00');
  const schema = makeBroadcastSchema(() => now);
  const base = { name: 'Ưu đãi', audience: {}, message: 'Chào ${name} từ ${page}', sendMode: 'NOW' };
  const issues = (value: object) => {
    const r = schema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a message with ${name} and ${page}, sent now or at a later Vietnam time', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, sendMode: 'SCHEDULED', scheduledAt: '2026-03-02T10:01' })).toEqual([]);
  });

  it('refuses an unknown placeholder, a schedule in the past or too far, a missing time, a picture and a link together', () => {
    expect(issues({ ...base, message: 'Chào ${ten}' })).toEqual(['message:validation.templateUnknownPlaceholder']);
    expect(issues({ ...base, sendMode: 'SCHEDULED', scheduledAt: '2026-03-02T10:00' })).toEqual(['scheduledAt:validation.care.scheduleInPast']);
    expect(issues({ ...base, sendMode: 'SCHEDULED', scheduledAt: '2026-06-02T10:00' })).toEqual(['scheduledAt:validation.care.scheduleTooFar']);
    expect(issues({ ...base, sendMode: 'SCHEDULED' })).toEqual(['scheduledAt:validation.required']);
    expect(issues({ ...base, imageName: '0f6b2c1e-8a8e-4c63-9d52-2f1e2d3c4b5a.png', paymentLinkId: 3 })).toEqual(['paymentLinkId:validation.care.imageOrLink']);
    expect(issues({ ...base, imageName: '../etc/passwd' })).toEqual(['imageName:validation.invalid']);
    expect(issues({ ...base, name: ' ' })).toEqual(['name:validation.required']);
  });
});
