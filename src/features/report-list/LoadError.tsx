import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { useTranslate } from 'react-admin';
import { loadFailureReason } from './loadFailure';

/**
 * What a report list shows where its rows or its totals would be when they did not load: what failed,
 * why, and a retry. Never zeros and "nothing matches" in their place.
 */
export function LoadError({ title, error, onRetry, retrying = false }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" startIcon={<RefreshOutlined />} onClick={onRetry} disabled={retrying}>
          {translate('portal.common.retry')}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <AlertTitle>{title}</AlertTitle>
      {loadFailureReason(error, translate)}
    </Alert>
  );
}
