import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { MarketingGate } from '@/features/marketing-gate';
import { PageListTable } from '@/features/page-list/PageListTable';
import { usePathOf } from '@/resourceConfig';
import { MarketingNav } from '@/features/marketing-gate';
import { lang, M, mkKey } from './shared';

/** Spec §2 marketing-management: the merchant's pages with their campaigns (running, in review, all); each opens its campaigns or templates. */
export default function MarketingPages() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {translate(`${M}.name`)}
      </Typography>
      <MarketingNav />
      <MarketingGate>{() => <Pages />}</MarketingGate>
    </Box>
  );
}

function Pages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = lang();
  const query = useQuery({ queryKey: mkKey('pages'), queryFn: () => api.getMarketingPages() });
  return (
    <PageListTable
      prefix={M}
      query={query}
      columns={[
        { key: 'running', cell: (page) => formatNumber(page.counts.RUNNING ?? 0, lng) },
        { key: 'inReview', cell: (page) => formatNumber(page.counts.IN_REVIEW ?? 0, lng) },
        { key: 'campaigns', cell: (page) => formatNumber(page.campaigns, lng) },
      ]}
      links={(page) => [
        { label: translate(`${M}.openCampaigns`), to: pathOf('marketing-campaigns', 'page', { id: page.id }) },
        { label: translate(`${M}.openTemplates`), to: pathOf('marketing-template', 'page', { id: page.id }) },
      ]}
    />
  );
}
