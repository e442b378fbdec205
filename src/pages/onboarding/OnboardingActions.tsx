import Button, { type ButtonProps } from '@mui/material/Button';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
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
