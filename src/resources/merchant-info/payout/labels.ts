import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@/config';
import { isWalletDestination } from '@/domain/payouts';

/** Destination names: `{product}_WALLET` reads "Ví <product name>"; unknown codes from a newer API show as sent. */
export function useDestinationLabel() {
  const { t } = useTranslation();
  return (code: string | null | undefined) => {
    if (!code) return t('resources.payouts.none');
    if (isWalletDestination(code)) return t('resources.payouts.destinations.wallet', { product: PRODUCT_NAME });
    return t(`resources.payouts.destinations.${code}`, { defaultValue: code });
  };
}
