/**
 * Languages of the portal (spec §4, §7; docs/contract.md "Language"): i18next with vi (default and
 * fallback) and en, strings in src/i18n/{vi,en}/{ns}.json served at /portal/locales/{lng}/{ns}.json.
 *
 * The language comes from localStorage `langKey` only (sealed like all stored data, spec §1): no
 * browser-language detection, so a merchant always sees the portal in Vietnamese until they choose
 * otherwise. It is read synchronously before the first render (main.tsx awaits initI18n), so the first
 * paint is already in the stored language. Changing it stores the choice and reloads the page, so every
 * cached label, date and server message is fetched in the new language.
 */
import { useMemo } from 'react';
import { createInstance, type i18n as I18nInstance, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useI18nextProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { languagePreference } from '@/storage';
import { createLocaleBackend } from './backend';

export const SUPPORTED_LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** Namespaces the portal loads; `api` (server messages) is the server's and is not loaded here. */
export const NAMESPACES = ['portal', 'ra', 'validation'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Language names are written in their own language, as language pickers do. */
export const AVAILABLE_LOCALES = [
  { locale: 'vi', name: 'Tiếng Việt' },
  { locale: 'en', name: 'English' },
];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): string | null {
  try {
    return languagePreference.get();
  } catch {
    return null;
  }
}

/** The stored language, or vi when none or an unsupported one is stored. */
export function getLanguage(): Language {
  const stored = readStoredLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function storeLanguage(lng: Language): void {
  try {
    if (readStoredLanguage() !== lng) languagePreference.set(lng);
  } catch {
    // Storage refused by the browser: the language still applies for this page.
  }
}

/** Stores the language, then reloads the page (spec §4). */
export function setLanguage(lng: Language): void {
  if (!isLanguage(lng)) throw new TypeError(`Unsupported language: ${String(lng)}`);
  storeLanguage(lng);
  window.location.reload();
}

/** The shared i18next instance (react-i18next's `useTranslation` and react-admin both use it). */
export const i18n: I18nInstance = createInstance();
i18n.use(createLocaleBackend()).use(initReactI18next);

i18n.on('languageChanged', (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

function initOptions(): InitOptions {
  return {
    lng: getLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'languageOnly',
    ns: [...NAMESPACES],
    defaultNS: 'portal',
    // t('ra.action.save') and t('validation.phone') work from any component.
    fallbackNS: ['ra', 'validation'],
    // Keys are dotted paths with the namespace chosen by fallbackNS; turning the ':' separator off keeps
    // a server message such as 'Tên đăng nhập: …' passed to translate() from being read as 'namespace:key'.
    nsSeparator: false,
    // React escapes what it renders; escaping here too would show '&amp;' in labels.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}

let initialisation: Promise<void> | null = null;

/**
 * Initialises i18next once and loads portal, ra and validation (the current language and vi as the
 * fallback) with the §7 retry policy. Call and await it before the first render.
 */
export function initI18n(): Promise<void> {
  initialisation ??= i18n.init(initOptions()).then(() => {
    // Cache the detected language where detection reads it (spec §4: "cached there").
    storeLanguage(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  });
  return initialisation;
}

/**
 * ra-i18n-i18next initialises the instance it is given (`.use(initReactI18next).init(...)`, with
 * 'en' as its default language). Re-initialising ours would empty the loaded resources and fetch
 * them again, and could switch the language; this view of the shared instance answers `use` and
 * `init` with our single initialisation and passes everything else through.
 */
const raFacingInstance: I18nInstance = new Proxy(i18n, {
  get(target, property, receiver) {
    if (property === 'use') return () => raFacingInstance;
    if (property === 'init') return () => initI18n().then(() => target.t);
    return Reflect.get(target, property, receiver);
  },
});

/**
 * react-admin's i18nProvider for `<Admin i18nProvider>`; null until the translations are loaded.
 * Changing the locale from react-admin (its locale menu or `useLocaleState`) goes through
 * setLanguage: stored in langKey, then the page reloads.
 */
export function useRaI18nProvider(): I18nProvider | null {
  const provider = useI18nextProvider({ i18nextInstance: raFacingInstance, availableLocales: AVAILABLE_LOCALES });
  return useMemo(
    () =>
      provider && {
        ...provider,
        changeLocale: async (locale: string) => {
          if (isLanguage(locale) && locale !== i18n.language) setLanguage(locale);
        },
      },
    [provider],
  );
}
