import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '@/authProvider/paths';
import { ShellLayout } from '@/layout/ShellLayout';

/** Frame of the public auth pages: title, subtitle, the form, and the way back to the login page. */
export function AuthCard({ title, subtitle, children, maxWidth = 'xs', back = true }: { title: string; subtitle?: string; children: ReactNode; maxWidth?: 'xs' | 'sm'; back?: boolean }) {
  const { t } = useTranslation();
  return (
    <ShellLayout maxWidth={maxWidth}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 6, sm: 8 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {subtitle}
            </Typography>
          )}
          <div style={{ marginTop: 24 }}>{children}</div>
          {back && (
            <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 4 }}>
              {t('portal.auth.backToLogin')}
            </Button>
          )}
        </CardContent>
      </Card>
    </ShellLayout>
  );
}
