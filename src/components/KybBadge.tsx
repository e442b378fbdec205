import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { kybStatus, type KybStatus } from '@/domain/kyb';

const COLORS: Record<KybStatus, ChipProps['color']> = {
  new: 'info',
  waitingUpdate: 'warning',
  waitingApprove: 'warning',
  done: 'success',
  reject: 'error',
  locked: 'error',
  other: 'default',
};

/** The merchant's KYB state (spec §4 mapping in src/domain/kyb.ts) as a labelled badge. */
export function KybBadge({ stateCode, size = 'small' }: { stateCode: number | null | undefined; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  const status = kybStatus(stateCode);
  const label = t(`portal.kyb.${status}`);
  return (
    <Chip
      size={size}
      color={COLORS[status]}
      variant={status === 'done' ? 'filled' : 'outlined'}
      label={label}
      // The colour alone must not carry the meaning: the accessible name says what the badge is.
      aria-label={t('portal.kyb.badge', { status: label })}
    />
  );
}
