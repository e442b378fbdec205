import { useTranslation } from 'react-i18next';
import type { MerchantType } from '@/domain/api';

const KNOWN_TYPES: readonly MerchantType[] = ['SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND', 'P2M'];

/** A merchant type (spec §3) in words; an unknown type from a newer API is shown as sent. */
export function useMerchantTypeLabel() {
  const { t } = useTranslation();
  return (type: string | null | undefined): string =>
    type && (KNOWN_TYPES as readonly string[]).includes(type) ? t(`portal.merchant.type.${type}`) : (type ?? '');
}
