import { describe, expect, it } from 'vitest';
import { ageBandOf, birthYearsOf } from '@/domain/audience';
import { customerTemplateText, fillCustomerTemplate, unknownPlaceholders } from '@/domain/customerTemplates';

describe('age bands', () => {
  it('places each age in exactly one band, unknown birth years in none', () => {
    expect(ageBandOf(null, 2026)).toBeNull();
    expect(ageBandOf(2009, 2026)).toBe('UNDER_18');
    expect(ageBandOf(2008, 2026)).toBe('AGE_18_24');
    expect(ageBandOf(2002, 2026)).toBe('AGE_18_24');
    expect(ageBandOf(2001, 2026)).toBe('AGE_25_34');
    expect(ageBandOf(1972, 2026)).toBe('AGE_45_54');
    expect(ageBandOf(1971, 2026)).toBe('AGE_55_PLUS');
  });
  it('turns a band into the inclusive birth years the SQL filters on', () => {
    expect(birthYearsOf('AGE_18_24', 2026)).toEqual({ from: 2002, to: 2008 });
    expect(birthYearsOf('UNDER_18', 2026)).toEqual({ from: 2009, to: null });
    expect(birthYearsOf('AGE_55_PLUS', 2026)).toEqual({ from: null, to: 1971 });
  });
});

describe('customer templates (§5 ${name})', () => {
  const schema = customerTemplateText(20);
  const message = (text: string) => {
    const result = schema.safeParse(text);
    return result.success ? null : result.error.issues[0]!.message;
  };
  it('accepts the known placeholders and fills them', () => {
    expect(message('Chào ${name}!')).toBeNull();
    expect(fillCustomerTemplate('Chào ${name} từ ${page}', { name: 'An', page: 'Cà phê' })).toBe('Chào An từ Cà phê');
  });
  it('refuses malformed, unknown and too long texts with their own message', () => {
    expect(message('Chào ${name')).toBe('validation.templatePlaceholder');
    expect(message('Chào ${tên}')).toBe('validation.templatePlaceholder');
    expect(message('Chào ${ho_ten}')).toBe('validation.templateUnknownPlaceholder');
    expect(unknownPlaceholders('${a} ${name} ${b}')).toEqual(['a', 'b']);
    expect(message('x'.repeat(21))).toBe('validation.tooLong');
    expect(message('')).toBe('validation.required');
  });
});
