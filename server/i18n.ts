/**
 * Server-side messages in the caller's language. The texts live in the same JSON files the portal
 * loads (src/i18n/{vi,en}/api.json and validation.json), so a rule message reads the same in a form
 * and in an API answer.
 */
import enApi from '@/i18n/en/api.json';
import enValidation from '@/i18n/en/validation.json';
import viApi from '@/i18n/vi/api.json';
import viValidation from '@/i18n/vi/validation.json';

export const LANGUAGES = ['vi', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'vi';

type Tree = { [key: string]: string | Tree };

const catalogues: Record<Lang, { api: Tree; validation: Tree }> = {
  vi: { api: viApi as Tree, validation: viValidation as Tree },
  en: { api: enApi as Tree, validation: enValidation as Tree },
};

/** `vi` for anything that is not a supported language, as the contract says. */
export function resolveLang(value: unknown): Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : DEFAULT_LANG;
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, params: Record<string, unknown>): string {
  // i18next's default syntax, which the shared JSON files use.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * `validation.*` keys come from validation.json (whose top key is `validation`); every other key is
 * a path in api.json. Falls back to Vietnamese, then to the key, so a missing text is visible, not empty.
 */
export function translate(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const find = (l: Lang) =>
    key.startsWith('validation.') ? lookup(catalogues[l].validation, key) : lookup(catalogues[l].api, key);
  const text = find(lang) ?? find(DEFAULT_LANG) ?? key;
  return interpolate(text, params);
}

export function hasTranslation(lang: Lang, key: string): boolean {
  return key.startsWith('validation.')
    ? lookup(catalogues[lang].validation, key) !== undefined
    : lookup(catalogues[lang].api, key) !== undefined;
}
