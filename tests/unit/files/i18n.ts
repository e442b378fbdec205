/** A translate function over the files' locale JSON, as i18next would resolve `portal.files.*`. */
import vi from '@/i18n/vi/portal.json';
import en from '@/i18n/en/portal.json';

export function translator(lang: 'vi' | 'en' = 'vi') {
  const messages = lang === 'vi' ? vi : en;
  return (key: string): string => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    if (typeof value !== 'string') throw new Error(`missing ${lang} translation ${key}`);
    return value;
  };
}
