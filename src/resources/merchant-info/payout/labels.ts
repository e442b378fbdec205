import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@/config';
import { isWalletDestination, PAYOUT_BANKS, PAYOUT_CITIES } from '@/domain/payouts';

/** Destination names: `{product}_WALLET` reads "Ví <product name>"; unknown codes from a newer API show as sent. */
export function useDestinationLabel() {
  const { t } = useTranslation();
  return (code: string | null | undefined) => {
    if (!code) return t('resources.payouts.none');
    if (isWalletDestination(code)) return t('resources.payouts.destinations.wallet', { product: PRODUCT_NAME });
    return t(`resources.payouts.destinations.${code}`, { defaultValue: code });
  };
}

/**
 * A payout field's value as people read it (the confirmation's old → new, the history): destination,
 * period, bank and city by name; account numbers come masked from the server and show as sent.
 */
export function usePayoutValueLabel(periodName: (code: string) => string) {
  const { t } = useTranslation();
  const destinationLabel = useDestinationLabel();
  return (field: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return t('resources.payouts.none');
    if (field === 'wallet') return destinationLabel(value);
    if (field === 'period') return periodName(value);
    if (field === 'bankNameId') return PAYOUT_BANKS.find((b) => b.id === value)?.shortName ?? value;
    if (field === 'bankCityId') return PAYOUT_CITIES.find((c) => c.id === value)?.name ?? value;
    return value;
  };
}

/** "Field: old → new" lines of a change (details keyed by field, values masked by the server). */
export function usePayoutChangeLines(periodName: (code: string) => string) {
  const { t } = useTranslation();
  const show = usePayoutValueLabel(periodName);
  return (changes: readonly string[], details: Record<string, { from: string | null; to: string | null }>) =>
    changes.map((field) => ({
      field,
      text: t('resources.payouts.audit.change', {
        field: t(`resources.payouts.fields.${field}`),
        from: show(field, details[field]?.from ?? null),
        to: show(field, details[field]?.to ?? null),
      }),
    }));
}
