/** Address normalisation shared by the OTP service, the outbox and the routes (masking: src/domain/masking.ts). */

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
