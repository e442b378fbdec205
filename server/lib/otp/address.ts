/** Address normalisation and masking shared by the OTP service, the outbox and the routes. */

/** Phones as 0… (84… and +84… are the same number); e-mails lower-case and trimmed. */
export function normaliseAddress(channel: 'SMS' | 'EMAIL', address: string): string {
  const a = address.trim();
  if (channel === 'EMAIL') return a.toLowerCase();
  const digits = a.replace(/[\s.-]/g, '').replace(/^\+/, '');
  return digits.startsWith('84') && digits.length >= 11 ? `0${digits.slice(2)}` : digits;
}

/** Guesses the channel of a free-form address (the outbox query takes either). */
export function channelOf(address: string): 'SMS' | 'EMAIL' {
  return address.includes('@') ? 'EMAIL' : 'SMS';
}

/** 0901234567 → 090****567; owner.demo@example.vn → o********@example.vn. */
export function maskAddress(channel: 'SMS' | 'EMAIL', address: string): string {
  if (channel === 'SMS') {
    if (address.length < 7) return '*'.repeat(address.length);
    return `${address.slice(0, 3)}${'*'.repeat(address.length - 6)}${address.slice(-3)}`;
  }
  const at = address.indexOf('@');
  if (at < 1) return '***';
  return `${address[0]}${'*'.repeat(Math.max(3, at - 1))}${address.slice(at)}`;
}
