import { describe, expect, it } from 'vitest';
import { blockedWordIn, chatChannelSchema, chatTemplateSchema, messageConfigurationSchema, outsideHours, tagSchema } from '@/domain/messageSettings';

/** 2026-11-27 is a Friday; Vietnam is UTC+7 all year. */
const vn = (local: string) => new Date(`${local}+07:00`);

describe('outsideHours (Asia/Ho_Chi_Minh)', () => {
  const hours = { fri: { open: '08:00', close: '17:00' }, sat: { open: '09:00', close: '12:00' }, mon: { open: '08:00', close: '17:00' } };

  it('is inside the day’s hours in Vietnam time, whatever the server’s zone', () => {
    expect(outsideHours(hours, vn('2026-11-27T08:00:00'))).toEqual({ outside: false });
    expect(outsideHours(hours, vn('2026-11-27T16:59:00'))).toEqual({ outside: false });
  });

  it('names the next opening as the closed period’s key', () => {
    expect(outsideHours(hours, vn('2026-11-27T07:30:00'))).toEqual({ outside: true, opensAt: vn('2026-11-27T08:00:00').toISOString() });
    expect(outsideHours(hours, vn('2026-11-27T17:00:00'))).toEqual({ outside: true, opensAt: vn('2026-11-28T09:00:00').toISOString() });
    // Saturday after noon and Sunday (closed) wait for Monday: one closed period, one key.
    const sat = outsideHours(hours, vn('2026-11-28T13:00:00'));
    const sun = outsideHours(hours, vn('2026-11-29T23:00:00'));
    expect(sat).toEqual({ outside: true, opensAt: vn('2026-11-30T08:00:00').toISOString() });
    expect(sun).toEqual(sat);
  });

  it('is never outside the hours of a page without any', () => {
    expect(outsideHours({}, vn('2026-11-27T03:00:00'))).toEqual({ outside: false });
    expect(outsideHours({ mon: null }, vn('2026-11-27T03:00:00'))).toEqual({ outside: false });
  });
});

describe('message settings rules', () => {
  it('finds blocked words whatever the case', () => {
    expect(blockedWordIn('Shop này LỪA ĐẢO à?', ['lừa đảo'])).toBe('lừa đảo');
    expect(blockedWordIn('Cảm ơn shop', ['lừa đảo', 'spam'])).toBeNull();
  });

  it('refuses unknown placeholders, bad shortcuts and colours off the palette', () => {
    expect(chatTemplateSchema.safeParse({ title: 'A', shortcut: 'chao', text: 'Chào ${name} từ ${page}' }).success).toBe(true);
    expect(chatTemplateSchema.safeParse({ title: 'A', shortcut: 'chao', text: 'Chào ${ten}' }).error?.issues[0]?.message).toBe('validation.templateUnknownPlaceholder');
    expect(chatTemplateSchema.safeParse({ title: 'A', shortcut: 'Chào', text: 'x' }).error?.issues[0]?.message).toBe('validation.messageSettings.shortcut');
    expect(tagSchema.safeParse({ name: 'VIP', color: '#123456' }).error?.issues[0]?.message).toBe('validation.messageSettings.tagColor');
    expect(chatChannelSchema.safeParse({ chatEnabled: true, whoCanStart: 'EVERYONE', blockedWords: ['a', 'A'] }).error?.issues[0]?.message).toBe('validation.messageSettings.blockedWordsDuplicate');
  });

  it('needs the text of an automatic message that is on', () => {
    const off = { greetingEnabled: false, greetingText: null, outsideHoursEnabled: false, outsideHoursText: null, awayEnabled: false, awayText: null, autoResolveHours: null };
    expect(messageConfigurationSchema.safeParse(off).success).toBe(true);
    const issue = messageConfigurationSchema.safeParse({ ...off, awayEnabled: true }).error?.issues[0];
    expect(issue?.path).toEqual(['awayText']);
    expect(issue?.message).toBe('validation.messageSettings.textWhenOn');
  });
});
