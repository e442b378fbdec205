/**
 * "Your payout account changed": after a change of where the money goes (destination, bank, account
 * number or holder), every owner of the merchant hears of it on their verified phone and e-mail, so a
 * change made by whoever holds one of the actor's channels is noticed on the others. The actor is not
 * told again on the address the code went to (that is where the change was proved). The change stands
 * if a notice cannot be delivered; the failure is logged, never the text.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { format } from 'date-fns';
import { isWalletDestination, type PayoutSettingsValues } from '@/domain/payouts';
import { maskAccountNumber } from '@/domain/masking';
import { inVietnam } from '@/domain/time';
import { translate, type Lang } from '../../i18n';
import { PRODUCT_NAME } from '../auth/flows';
import type { PayoutsRepository } from './repository';

/** The hotline printed in the portal's footer (spec §1). */
export const SUPPORT_HOTLINE = '1900 636 652';

/** Where the money goes now, as the notice names it: `••••6789` for a bank account, else the destination's name. */
export function newDestinationText(lang: Lang, next: PayoutSettingsValues): string {
  if (next.wallet === 'BANK') return maskAccountNumber(next.accountNumber) ?? translate(lang, 'payouts.notice.destinations.BANK');
  if (isWalletDestination(next.wallet)) return translate(lang, 'payouts.notice.destinations.wallet', { product: PRODUCT_NAME });
  return translate(lang, `payouts.notice.destinations.${next.wallet}`);
}

export interface PayoutNoticeInput {
  merchantId: number;
  merchantName: string;
  next: PayoutSettingsValues;
  at: Date;
  /** The address the change's one-time code went to (not told again). */
  provedAt: { channel: 'SMS' | 'EMAIL'; address: string } | null;
}

/**
 * Sends the notice to each owner's verified contacts. Owners' language is not stored: the notice is in
 * the language of the request that made the change (the acting owner's).
 */
export async function notifyPayoutChange(app: FastifyInstance, request: FastifyRequest, repo: PayoutsRepository, input: PayoutNoticeInput): Promise<number> {
  const lang = request.lang;
  const params = {
    merchant: input.merchantName,
    account: newDestinationText(lang, input.next),
    at: format(input.at, 'HH:mm dd/MM/yyyy', { in: inVietnam }),
    hotline: SUPPORT_HOTLINE,
  };
  const title = translate(lang, 'payouts.notice.title', params);
  const text = translate(lang, 'payouts.notice.text', params);
  let sent = 0;
  const contacts = await repo.ownerContacts(input.merchantId);
  for (const contact of contacts) {
    if (input.provedAt && contact.channel === input.provedAt.channel && contact.address === input.provedAt.address) continue;
    try {
      await app.notifier.send({ channel: contact.channel, to: contact.address, title, text });
      sent += 1;
    } catch (err) {
      request.log.error({ merchantId: input.merchantId, userId: contact.userId, channel: contact.channel, err: (err as Error).message }, 'payout change notice not delivered');
    }
  }
  return sent;
}
