/**
 * A minimal i18next backend: GET /portal/locales/{lng}/{ns}.json with the §7 retry policy.
 * i18next's own connector would retry as well (it retries when the backend says so); this backend
 * never asks it to, so the policy lives in one place (fetchWithRetry) and is tested there.
 */
import type { BackendModule, ReadCallback } from 'i18next';
import { fetchWithRetry, type FetchWithRetryOptions } from './fetchWithRetry';

export interface LocaleBackendOptions extends FetchWithRetryOptions {
  loadPath?: (lng: string, ns: string) => string;
}

export const defaultLoadPath = (lng: string, ns: string): string =>
  `${import.meta.env.BASE_URL ?? '/'}locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;

export function createLocaleBackend(options: LocaleBackendOptions = {}): BackendModule {
  const loadPath = options.loadPath ?? defaultLoadPath;
  return {
    type: 'backend',
    init() {
      // Configuration comes from the factory, not from i18next's `backend` option.
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      fetchWithRetry(loadPath(language, namespace), options)
        .then((response) => response.json())
        .then((data) => {
          if (data === null || typeof data !== 'object' || Array.isArray(data)) {
            throw new Error(`${loadPath(language, namespace)} is not a translation object`);
          }
          callback(null, data as Record<string, unknown>);
        })
        // `false`: do not let i18next retry on top of our policy.
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}
