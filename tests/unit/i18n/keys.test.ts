import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';

/**
 * Parity of every locale file in src/i18n/{vi,en}, whoever writes it (portal, api, ra, validation):
 * same keys, plural forms each language needs, same interpolation variables.
 */

const root = join(process.cwd(), 'src', 'i18n');
type Lng = 'vi' | 'en';

const files = (lng: Lng) => readdirSync(join(root, lng)).filter((f) => f.endsWith('.json')).sort();
const load = (lng: Lng, file: string): unknown => JSON.parse(readFileSync(join(root, lng, file), 'utf8'));

/** Flattens to dotted keys; a non-string leaf is reported as a problem. */
function flatten(value: unknown, prefix = '', out: Map<string, string> = new Map(), problems: string[] = []) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, problems);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  } else {
    problems.push(`${prefix}: ${JSON.stringify(value)} is not a string`);
  }
  return { out, problems };
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const pluralForm = (key: string) => PLURAL_SUFFIX.exec(key)?.[1];

/** i18next interpolation variables: {{name}}, {{ name }}, {{value, number}}, {{- raw}}. */
function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]));
}

interface KeyInfo {
  forms: Map<string, string>; // plural form ('' for a plain key) → text
}

function keyInfos(flat: Map<string, string>): Map<string, KeyInfo> {
  const result = new Map<string, KeyInfo>();
  for (const [key, text] of flat) {
    const base = baseKey(key);
    const info = result.get(base) ?? { forms: new Map() };
    info.forms.set(pluralForm(key) ?? '', text);
    result.set(base, info);
  }
  return result;
}

const union = (info: KeyInfo) => new Set([...info.forms.values()].flatMap((t) => [...placeholders(t)]));
/** Variables only the singular form uses (e.g. the record's name when one item is concerned). */
const singularOnly = (info: KeyInfo) => {
  const one = info.forms.get('one');
  if (one === undefined) return new Set<string>();
  const others = new Set([...info.forms.entries()].filter(([form]) => form !== 'one').flatMap(([, t]) => [...placeholders(t)]));
  return new Set([...placeholders(one)].filter((p) => !others.has(p)));
};

const flatFile = (lng: Lng, file: string) => flatten(load(lng, file));

describe('locale files', () => {
  it('vi and en have the same files', () => {
    expect(files('vi')).toEqual(files('en'));
    expect(files('vi')).toEqual(expect.arrayContaining(['portal.json', 'ra.json', 'validation.json', 'api.json']));
  });

  describe.each(files('vi'))('%s', (file) => {
    const vi = flatFile('vi', file);
    const en = flatFile('en', file);
    const viInfo = keyInfos(vi.out);
    const enInfo = keyInfos(en.out);

    it('is valid: only strings at the leaves', () => {
      expect([...vi.problems, ...en.problems]).toEqual([]);
    });

    it('has every vi key in en and every en key in vi', () => {
      const missingInEn = [...viInfo.keys()].filter((k) => !enInfo.has(k));
      const missingInVi = [...enInfo.keys()].filter((k) => !viInfo.has(k));
      expect({ missingInEn, missingInVi }).toEqual({ missingInEn: [], missingInVi: [] });
    });

    it('has the plural forms each language needs', () => {
      const problems: string[] = [];
      for (const [lng, infos] of [['vi', viInfo], ['en', enInfo]] as const) {
        const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        for (const [key, info] of infos) {
          const forms = [...info.forms.keys()];
          if (forms.length === 1 && forms[0] === '') continue;
          for (const category of categories) {
            if (!info.forms.has(category)) problems.push(`${lng}: ${key}_${category} missing`);
          }
          if (info.forms.has('')) problems.push(`${lng}: ${key} is both plain and plural`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('uses the same interpolation variables in vi and en', () => {
      const problems: string[] = [];
      for (const [key, v] of viInfo) {
        const e = enInfo.get(key);
        if (!e) continue;
        const isPlural = !(v.forms.size === 1 && v.forms.has('')) || !(e.forms.size === 1 && e.forms.has(''));
        if (!isPlural) {
          const a = [...union(v)].sort();
          const b = [...union(e)].sort();
          if (a.join() !== b.join()) problems.push(`${key}: vi {${a}} ≠ en {${b}}`);
          continue;
        }
        // Plural keys: a language without a singular form (vi) may leave out what only the other
        // language's singular uses, but must not drop or invent anything else.
        for (const [from, to, fromName, toName] of [[v, e, 'vi', 'en'], [e, v, 'en', 'vi']] as const) {
          const target = union(to);
          const skip = singularOnly(from);
          for (const p of union(from)) {
            if (!skip.has(p) && !target.has(p)) problems.push(`${key}: {{${p}}} in ${fromName} but not in ${toName}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('has no react-admin %{var} syntax left (i18next uses {{var}})', () => {
      const leftovers = [...vi.out, ...en.out].filter(([, text]) => /%\{\w*\}|\|\|\|\|/.test(text)).map(([k]) => k);
      expect(leftovers).toEqual([]);
    });

    it('has no empty text', () => {
      const empty = [...vi.out, ...en.out].filter(([, text]) => text === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });
  });
});

describe("react-admin's own messages", () => {
  const converted = flatten(convertRaTranslationsToI18next(englishMessages)).out;
  const viRa = keyInfos(flatFile('vi', 'ra.json').out);

  // ra-input-rich-text (the post editor) reads its toolbar words from ra.tiptap.* and ships no English
  // messages of its own: that subtree is ours, beside react-admin's (parity vi/en is checked above).
  const RICH_TEXT = 'tiptap';
  const withoutRichText = (messages: { ra: Record<string, unknown> }) => {
    const { [RICH_TEXT]: _richText, ...ra } = messages.ra;
    return { ...messages, ra };
  };

  it('en/ra.json is ra-language-english converted to i18next (plural keys, {{var}}), plus the rich-text toolbar', () => {
    const en = load('en', 'ra.json') as { ra: Record<string, unknown> };
    // Our one change to the wording: page ranges group thousands ({{total, number}} → '12,345').
    const unformatted = JSON.parse(JSON.stringify(withoutRichText(en)).replace(/\{\{(\w+), number\}\}/g, '{{$1}}')) as unknown;
    expect(unformatted).toEqual(convertRaTranslationsToI18next(englishMessages));
    expect(Object.keys(en.ra[RICH_TEXT] as object)).toEqual(expect.arrayContaining(['bold', 'italic', 'link', 'image']));
  });

  it('vi/ra.json translates every key of ra-language-english', () => {
    const missing = [...new Set([...converted.keys()].map(baseKey))].filter((k) => !viRa.has(k));
    expect(missing).toEqual([]);
    const ownKeys = [...viRa.keys()].filter((k) => !k.startsWith(`ra.${RICH_TEXT}.`));
    expect(ownKeys.length).toBe(new Set([...converted.keys()].map(baseKey)).size);
  });

  it('vi/ra.json is really Vietnamese, not English left in place', () => {
    const en = flatFile('en', 'ra.json').out;
    const vi = flatFile('vi', 'ra.json').out;
    const untranslated = [...vi]
      .filter(([key, text]) => en.get(key) === text)
      .filter(([, text]) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    // 'Email' is the word Vietnamese interfaces use.
    expect(untranslated).toEqual(['ra.auth.email: Email']);
  });

  it('matches the spec wording where the spec has it', () => {
    const vi = flatFile('vi', 'ra.json').out;
    expect(vi.get('ra.action.cancel')).toBe('Huỷ');
    expect(vi.get('ra.action.confirm')).toBe('Xác nhận');
  });
});
