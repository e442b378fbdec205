import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampaignStatus } from '@/domain/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { MarketingGate, MarketingNav } from '@/features/marketing-gate';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';

/** i18n root of the campaign screens. */
export const M = 'resources.marketing-management';
export const mkKey = (...parts: (string | number | undefined | null)[]) => ['marketing-campaigns', ...parts];
export const lang = () => (getLanguage() === 'en' ? 'en' : 'vi');
export const errorText = (error: unknown): string => (error as { message?: string } | null)?.message ?? '';

export const STATUS_COLORS: Record<CampaignStatus, 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary'> = {
  DRAFT: 'default',
  IN_REVIEW: 'info',
  REJECTED: 'error',
  SCHEDULED: 'primary',
  RUNNING: 'success',
  PAUSED: 'warning',
  ENDED: 'default',
};

export function StatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`${M}.statuses.${status}`)} data-testid="campaign-status" />;
}

/** The page id of the route (`:id`). */
export function usePageId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

/** The page of the route (name, status, whether the caller manages campaigns); 404 for another merchant's. */
export function useMarketingPage() {
  const api = usePortalApi();
  const pageId = usePageId();
  return useQuery({ queryKey: mkKey('page', pageId), queryFn: () => api.getMarketingPage(pageId), enabled: pageId > 0 });
}


/**
 * The frame of every campaign screen: the title (screen · page), the heading, the marketing sections, the
 * way back to the page's campaigns, and the gate (ADS onboarded) around the content.
 */
export function MarketingFrame({ resource, title: given, pageName, back, actions, children }: { resource: string; title?: string; pageName?: string; back?: boolean; actions?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const pageId = usePageId();
  const title = given ?? translate(`resources.${resource}.name`);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`${title}${pageName ? ` · ${pageName}` : ''}`} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography component="h1" variant="h5">
          {pageName ? `${title} · ${pageName}` : title}
        </Typography>
        <Stack direction="row" spacing={1}>
          {actions}
          {back && (
            <Button component={RouterLink} to={pathOf('marketing-campaigns', 'page', { id: pageId })} size="small">
              {translate(`${M}.backToCampaigns`)}
            </Button>
          )}
        </Stack>
      </Stack>
      <MarketingNav />
      <MarketingGate>{() => children}</MarketingGate>
    </Box>
  );
}

/** `value` once it has stopped changing for `ms` (the live estimate asks the server at that pace). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

