import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { KybBadge } from '@/components/KybBadge';
import { DOCUMENT_TYPE_KEYS, type MerchantInfo } from '@/domain/merchantInfo';

const SEVERITY = {
  uploadAndSubmit: 'info',
  update: 'warning',
  wait: 'info',
  none: 'success',
  fixAndResubmit: 'error',
  contactSupport: 'error',
  other: 'info',
} as const;

/** The KYB badge (§4 mapping) and what the merchant should do next, for every state. */
export function KybSummary({ info }: { info: MerchantInfo }) {
  const { t } = useTranslation();
  const missing = info.missingDocuments.map((type) => t(`resources.merchant-info.documentTypes.${DOCUMENT_TYPE_KEYS[type]}`));
  return (
    <Box component="section" aria-labelledby="kyb-title" sx={{ mb: 6 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', mb: 3 }}>
        <Typography id="kyb-title" variant="h6" component="h2">
          {t('resources.merchant-info.kyb.title')}
        </Typography>
        {/* The badge says the state in words; the internal state code (201, 110…) is never shown to merchants. */}
        <KybBadge stateCode={info.stateCode} size="medium" />
        {info.inKyb && (
          <Typography variant="body2" color="text.secondary">
            {t('resources.merchant-info.kyb.inKyb')}
          </Typography>
        )}
        {info.awaitingApproval && (
          <Typography variant="body2" color="text.secondary">
            {t('resources.merchant-info.kyb.awaiting')}
          </Typography>
        )}
      </Box>
      <Alert severity={SEVERITY[info.nextStep]} data-testid="kyb-next-step">
        {t(`resources.merchant-info.kyb.next.${info.nextStep}`)}
        {missing.length > 0 && info.nextStep !== 'none' && info.nextStep !== 'contactSupport' && (
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            {t('resources.merchant-info.kyb.missing', { list: missing.join(', ') })}
          </Box>
        )}
      </Alert>
    </Box>
  );
}
