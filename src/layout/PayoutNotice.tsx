import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getCurrentMerchant } from '@/authProvider/session';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { canChangePayout } from '@/domain/permissions';
import { secureSession } from '@/storage';
import { usePathOf } from '@/resourceConfig';

/** Merchants whose notice was answered in this tab ("later" or "check now"); it comes back in a new session. */
const DISMISSED_KEY = 'payoutNoticeDismissed';
/** The merchant-info page opens its payout tab from this query (the tab's id is `payout`). */
export const PAYOUT_TAB = { tab: 'payout' } as const;

function dismissed(): number[] {
  return secureSession.get<number[]>(DISMISSED_KEY) ?? [];
}

/**
 * The SHOW_POPUP_NOTIFY_PAYOUT todo action (spec §4): after a merchant is chosen, its owner is asked
 * once per session to check where the merchant's money goes. Only owners see it, since only they can
 * change the settings; saving them clears the todo on the server.
 */
export function PayoutNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const merchant = getCurrentMerchant();
  const pending =
    !!merchant &&
    (merchant.todoActions ?? []).includes('SHOW_POPUP_NOTIFY_PAYOUT') &&
    canChangePayout(merchant.roles) &&
    !dismissed().includes(merchant.id);
  const [open, setOpen] = useState(pending);
  if (!merchant || !open) return null;

  const answer = (review: boolean) => {
    secureSession.set(DISMISSED_KEY, [...dismissed(), merchant.id]);
    setOpen(false);
    if (review) navigate(pathOf('merchant-info', 'page', {}, PAYOUT_TAB));
  };
  return (
    <ConfirmDialog
      open
      title={t('resources.payouts.notice.title')}
      content={t('resources.payouts.notice.content')}
      cancelLabel={t('resources.payouts.notice.later')}
      confirmLabel={t('resources.payouts.notice.review')}
      onClose={() => answer(false)}
      onConfirm={() => answer(true)}
    />
  );
}
