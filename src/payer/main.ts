/**
 * The public payer page (/portal/pay/<code>): its own small entry (pay.html), never the admin bundle, no
 * sign-in. Shows the merchant's brand, the link's title and amount (or an amount field), and its state in
 * plain words; in demo mode "Thanh toán" completes the payment. Texts come from src/i18n/{vi,en}/payer.json
 * (fetched, not bundled); the language is ?lang=en|vi, else the browser's, Vietnamese by default.
 */
import { fillPath, PaymentLinkApiPaths } from '@/domain/api';
import { formatMoney, type FormatLanguage } from '@/domain/format';
import type { PayerLink, PayerReceipt } from '@/domain/paymentLinks';
import { formatVietnamDateTime } from '@/domain/time';

const API = '/api';
type Texts = Record<string, string | Record<string, string>>;

const query = new URLSearchParams(window.location.search);
const lang: FormatLanguage =
  query.get('lang') === 'en' || (query.get('lang') !== 'vi' && navigator.language.toLowerCase().startsWith('en')) ? 'en' : 'vi';
document.documentElement.lang = lang;
const code = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');
const root = document.getElementById('pay')!;

let texts: Texts = {};
function t(key: string, params: Record<string, string> = {}): string {
  const [head, tail] = key.split('.');
  const node = texts[head];
  const text = (tail ? (node as Record<string, string> | undefined)?.[tail] : (node as string | undefined)) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole);
}
const money = (n: number) => formatMoney(n, lang);

/** An element with text and attributes; children appended in order. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: Array<Node | string | null>) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

const STYLE = `
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f1f4;color:#1d1b20}
  #pay{max-width:440px;margin:0 auto;padding:24px 16px}
  .card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .brand{color:#a50064;font-weight:700;font-size:14px;text-transform:uppercase;letter-spacing:.04em;margin:0}
  h1{font-size:22px;margin:4px 0 8px}
  .amount{font-size:32px;font-weight:700;margin:16px 0}
  .muted{color:#5f5b66;font-size:14px}
  label{display:block;font-size:14px;margin:16px 0 4px}
  input{box-sizing:border-box;width:100%;font:inherit;padding:12px;border:1px solid #b9b4bd;border-radius:8px}
  button{width:100%;margin-top:20px;padding:14px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#a50064;color:#fff;cursor:pointer}
  button:disabled{opacity:.6;cursor:progress}
  button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
  .state{padding:12px;border-radius:8px;background:#f1eef2;margin-top:16px}
  .ok{background:#e5f5ea;color:#12642e}
  .error{color:#b3261e;font-size:14px;margin-top:8px}
  .lang{display:block;text-align:right;margin-bottom:8px;font-size:14px;color:#a50064}
`;

async function api<T>(path: string, init?: RequestInit): Promise<{ ok: boolean; status: number; data?: T; message?: string }> {
  const url = `${API}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init?.headers } });
  const body = (await res.json().catch(() => ({}))) as { data?: T; message?: string; status?: number };
  return { ok: res.ok && body.status === 0, status: res.status, data: body.data, message: body.message };
}

function languageLink() {
  const other = lang === 'vi' ? 'en' : 'vi';
  return el('a', { class: 'lang', href: `?lang=${other}`, lang: other }, t('language'));
}

function show(...children: Array<Node | string | null>) {
  root.replaceChildren(languageLink(), el('div', { class: 'card' }, ...children));
}

function renderLink(link: PayerLink) {
  // The window names the screen: the link's title (its h1), then whom it pays.
  document.title = t('pageTitle', { title: link.title, brand: link.merchantBrand });
  const head = [
    el('p', { class: 'brand' }, link.merchantBrand),
    el('h1', {}, link.title),
    link.description ? el('p', { class: 'muted' }, link.description) : null,
  ];
  if (link.status !== 'ACTIVE') {
    show(...head, link.amount ? el('p', { class: 'amount' }, money(link.amount)) : null, el('p', { class: 'state', role: 'status' }, t(`states.${link.status}`)));
    return;
  }
  const error = el('p', { class: 'error', role: 'alert' });
  const input =
    link.amountType === 'OPEN'
      ? el('input', { id: 'amount', type: 'number', inputmode: 'numeric', min: String(link.minAmount), max: String(link.maxAmount), step: '1000', required: '' })
      : null;
  const button = el('button', { type: 'submit' }, t('pay'));
  if (!link.canPay) button.setAttribute('disabled', '');
  const form = el(
    'form',
    {},
    link.amountType === 'FIXED'
      ? el('p', { class: 'amount', 'aria-label': t('amount') }, money(link.amount ?? 0))
      : el('label', { for: 'amount' }, t('enterAmount', { min: money(link.minAmount), max: money(link.maxAmount) })),
    input,
    link.expiresAt ? el('p', { class: 'muted' }, t('expiresAt', { time: formatVietnamDateTime(new Date(link.expiresAt)) })) : null,
    button,
    error,
    el('p', { class: 'muted' }, t(link.canPay ? 'demoNote' : 'walletOnly')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(link, input, button, error);
  });
  show(...head, form);
}

async function submit(link: PayerLink, input: HTMLInputElement | null, button: HTMLButtonElement, error: HTMLElement) {
  button.disabled = true;
  button.textContent = t('paying');
  error.textContent = '';
  const body = input ? { amount: input.value === '' ? undefined : Number(input.value) } : {};
  try {
    const res = await api<PayerReceipt>(fillPath(PaymentLinkApiPaths.payerPayment, { code }), { method: 'POST', body: JSON.stringify(body) });
    if (res.ok && res.data) {
      const receipt = res.data;
      const again = receipt.status === 'ACTIVE' ? el('button', { type: 'button' }, t('payAgain')) : null;
      again?.addEventListener('click', () => void load());
      show(
        el('p', { class: 'brand' }, link.merchantBrand),
        el('h1', {}, link.title),
        el('p', { class: 'state ok', role: 'status' }, t('success')),
        el('p', { class: 'muted' }, t('receipt', { id: receipt.transactionId, amount: money(receipt.amount) })),
        receipt.status === 'PAID' ? el('p', { class: 'state' }, t('states.PAID')) : null,
        again,
      );
      return;
    }
    // Paid, expired or deactivated meanwhile: show the link's state again in plain words.
    if (res.status === 409) return void load();
    error.textContent = res.message ?? t('loadFailed');
  } catch {
    error.textContent = t('loadFailed');
  }
  button.disabled = false;
  button.textContent = t('pay');
}

async function load() {
  show(el('p', { class: 'muted' }, t('loading')));
  try {
    const res = await api<PayerLink>(fillPath(PaymentLinkApiPaths.payerLink, { code }));
    if (res.ok && res.data) return renderLink(res.data);
    show(el('p', { class: 'state', role: 'alert' }, res.status === 404 || res.status === 400 ? t('notFound') : (res.message ?? t('loadFailed'))));
  } catch {
    const retry = el('button', { type: 'button' }, t('retry'));
    retry.addEventListener('click', () => void load());
    show(el('p', { class: 'state', role: 'alert' }, t('loadFailed')), retry);
  }
}

async function start() {
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  texts = ((await (await fetch(`/portal/locales/${lang}/payer.json`)).json()) as { payer: Texts }).payer;
  await load();
}

void start();
