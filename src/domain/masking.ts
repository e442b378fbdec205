/**
 * One way to mask each kind of personal or sensitive value, used by every screen, export, notice and
 * API answer that shows it masked (Decree 13/2023: show only what the viewer needs). Enough to
 * recognise the value, never enough to use it. Masked text uses "•" (U+2022), never "*".
 */

const BULLETS = '•••';

/** `0963123411` → `0963•••411`; `+84963123411` is read as `0963123411` first. Short values are all bullets. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('84') && digits.length === 11) digits = `0${digits.slice(2)}`;
  if (digits.length < 8) return BULLETS;
  return `${digits.slice(0, 4)}${BULLETS}${digits.slice(-3)}`;
}

/** `0123456789` → `••••6789`: the last four, as banks print them. */
export function maskAccountNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value.replace(/\s/g, '');
  if (compact.length <= 4) return `••••`;
  return `••••${compact.slice(-4)}`;
}

/** `owner.demo@example.vn` → `o•••@example.vn`. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return BULLETS;
  return `${email[0]}${BULLETS}${email.slice(at)}`;
}

/**
 * `Nguyễn Văn An` → `N••• V••• An`: the given name (last word, the one people are called by) and the
 * initials of the others, so an inviter recognises the person without learning the full name.
 */
export function maskPersonName(name: string | null | undefined): string | null {
  if (!name) return null;
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length === 1) return `${Array.from(words[0])[0]}${BULLETS}`;
  return [...words.slice(0, -1).map((w) => `${Array.from(w)[0]}${BULLETS}`), words[words.length - 1]].join(' ');
}

/** Masks a phone or an e-mail address, whichever it is (one-time code destinations). */
export const maskContact = (channel: 'SMS' | 'EMAIL', address: string): string =>
  (channel === 'EMAIL' ? maskEmail(address) : maskPhone(address)) ?? BULLETS;
