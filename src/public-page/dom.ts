/**
 * The public page's small toolkit: texts (src/i18n/{vi,en}/publicPage.json, fetched, not bundled), the
 * language (?lang=en|vi, else the browser's, Vietnamese by default, as on the payer page), elements, and
 * API calls with the customer session (sessionStorage, sent as a bearer header, never in a URL).
 */
import { fillPath } from '@/domain/api';
import type { CustomerSession, PublicList } from '@/domain/publicPage';

export type Lang = 'vi' | 'en';
type Texts = { [key: string]: string | Texts };

const query = new URLSearchParams(window.location.search);
export const lang: Lang =
  query.get('lang') === 'en' || (query.get('lang') !== 'vi' && navigator.language.toLowerCase().startsWith('en')) ? 'en' : 'vi';

const slug = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');
/** An API path of this page (its slug filled in). */
export const path = (template: string, params: Record<string, string | number> = {}): string => fillPath(template, { slug, ...params });

let texts: Texts = {};
export async function loadTexts(): Promise<void> {
  texts = ((await (await fetch(`/portal/locales/${lang}/publicPage.json`)).json()) as { publicPage: Texts }).publicPage;
}

export function t(key: string, params: Record<string, string | number> = {}): string {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

type Child = Node | string | null | undefined | false;

/** An element with attributes (undefined ones skipped) and children appended in order. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

export function button(label: string, onClick: (target: HTMLButtonElement) => void | Promise<void>, props: Record<string, string | undefined> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...props }, label);
  b.addEventListener('click', () => {
    b.disabled = true;
    void Promise.resolve(onClick(b)).finally(() => {
      b.disabled = false;
    });
  });
  return b;
}

const SESSION_KEY = 'portal.customerSession';

export function customerSession(): CustomerSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as CustomerSession | null;
    return stored && new Date(stored.expiresAt).getTime() > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

export function keepSession(session: CustomerSession | null): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}

export interface Answer<T> {
  ok: boolean;
  status: number;
  data?: T;
  message?: string;
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const session = customerSession();
  const headers: Record<string, string> = { ...(session ? { Authorization: `Bearer ${session.token}` } : {}) };
  if (typeof init.body === 'string') headers['Content-Type'] = 'application/json';
  const res = await fetch(`/api${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const body = (await res.json().catch(() => ({}))) as { data?: T; message?: string; status?: number };
  // A session that ended (expired or signed out elsewhere) is forgotten; the page then shows the sign-in.
  if (res.status === 401 && session) keepSession(null);
  return { ok: res.ok && body.status === 0, status: res.status, data: body.data, message: body.message };
}

/**
 * A list shown a page at a time (keyset cursor): `load()` shows the first page, the returned "Show more"
 * button appends the next ones; `empty` stands in when there is nothing at all.
 */
export function pager<T>(url: string, list: HTMLElement, render: (item: T) => Node, empty: () => Node, moreClass = 'secondary') {
  const more = el('button', { type: 'button', class: moreClass }, t('more'));
  more.hidden = true;
  let next: string | null = null;
  async function page(cursor: string | null) {
    const res = await api<PublicList<T>>(`${url}${cursor ? `?cursor=${cursor}` : ''}`);
    if (!res.ok || !res.data) return;
    if (!cursor) list.replaceChildren();
    list.append(...res.data.items.map(render));
    if (list.childElementCount === 0) list.append(empty());
    next = res.data.next;
    more.hidden = !next;
  }
  more.addEventListener('click', () => void page(next));
  return { more, load: () => page(null) };
}
