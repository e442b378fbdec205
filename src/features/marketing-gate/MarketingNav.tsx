import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { entryPathOf, useResourceList } from '@/resourceConfig';

const SECTIONS = ['marketing-management', 'marketing-budget', 'marketing-payment-history', 'marketing-transaction-history'] as const;

/** Links between the marketing screens (campaigns, budget and its histories), those the portal has. */
export function MarketingNav() {
  const { t } = useTranslation();
  const resources = useResourceList();
  const known = new Set(resources.map((r) => r.name));
  return (
    <Stack component="nav" aria-label={t('portal.marketingGate.nav.label')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {SECTIONS.filter((name) => known.has(name)).map((name) => (
        <Button
          key={name}
          component={NavLink}
          to={entryPathOf(resources, name)}
          end
          size="small"
          variant="outlined"
          sx={{ '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' } }}
        >
          {t(`portal.marketingGate.nav.${name}`)}
        </Button>
      ))}
    </Stack>
  );
}
