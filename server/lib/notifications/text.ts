/**
 * A notification's text on the server (its e-mail and SMS copies), from the same
 * `portal.notifications.*` texts the bell shows.
 */
import enPortal from '@/i18n/en/portal.json';
import viPortal from '@/i18n/vi/portal.json';
import { notificationTextKey, notificationTextValues, type NotificationKind, type NotificationParams } from '@/domain/notifications';
import type { Lang } from '../../i18n';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<Lang, Tree> = { vi: viPortal as Tree, en: enPortal as Tree };

export function portalText(lang: Lang, key: string): string | undefined {
  let node: string | Tree | undefined = catalogues[lang];
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function notificationText(lang: Lang, kind: NotificationKind, params: NotificationParams): string {
  const values = notificationTextValues(params, lang, (key) => portalText(lang, key));
  const template = portalText(lang, notificationTextKey(kind)) ?? kind;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
