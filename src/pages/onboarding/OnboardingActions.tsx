import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellLogout } from '../useShellLogout';

/** Logout from the onboarding pages (spec §4), e.g. for a user who belongs to no merchant. */
export function LogoutButton({ variant = 'text' }: { variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  const { logout, pending } = useShellLogout();
  return (
    <Button
      color={variant === 'contained' ? 'primary' : 'inherit'}
      variant={variant}
      size={variant === 'contained' ? 'large' : 'small'}
      startIcon={<LogoutOutlined aria-hidden />}
      onClick={() => void logout()}
      disabled={pending}
    >
      {t('portal.common.logout')}
    </Button>
  );
}

interface RecheckActionsProps {
  /** Shown after a re-check found the step still pending. */
  stillPendingText: string | null;
  checking: boolean;
  onRecheck: () => void;
  recheckLabel: string;
  /** The way out of the step (skip, later), when the step allows one. */
  secondary?: { label: string; onClick: () => void };
  /** Further actions of the page, after the others. */
  children?: ReactNode;
  /** 'outlined' when the page has its own main action (sign, start the check). */
  primaryVariant?: 'contained' | 'outlined';
}

/** The end of an onboarding step page: the "still pending" notice, re-check, and the way out if any. */
export function RecheckActions({
  stillPendingText,
  checking,
  onRecheck,
  recheckLabel,
  secondary,
  children,
  primaryVariant = 'contained',
}: RecheckActionsProps) {
  return (
    <>
      {stillPendingText && (
        <Alert severity="info" role="status">
          {stillPendingText}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Button
          variant={primaryVariant}
          size="large"
          onClick={onRecheck}
          disabled={checking}
          startIcon={checking ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {recheckLabel}
        </Button>
        {secondary && (
          <Button variant="outlined" size="large" onClick={secondary.onClick} disabled={checking}>
            {secondary.label}
          </Button>
        )}
        {children}
      </Stack>
    </>
  );
}
