import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';

/** Shown instead of a manager-only view; the server would refuse the call anyway (403). */
export function AccessDeniedNotice() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ mt: 4 }}>
      {translate('resources.users.notifications.managersOnly')}
    </Alert>
  );
}
