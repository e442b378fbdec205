import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import type { Merchant } from '@/domain/api';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { chooseMerchant, rememberMerchants } from '@/authProvider/merchantSession';
import { OnboardPaths, WELCOME_PATH } from '@/authProvider/paths';
import { getAuth, getChosenMerchantId, getCurrentMerchant } from '@/authProvider/session';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/config';
import { PendingInvitations } from '@/features/invitations/PendingInvitations';
import { KybBadge } from '@/components/KybBadge';
import { useMerchantTypeLabel } from '@/components/MerchantTypeLabel';
import { ShellLayout } from '@/layout/ShellLayout';
import { useReloadOnUserChange } from '@/layout/useReloadOnUserChange';
import { LogoutButton } from './OnboardingActions';

/** Merchants per page of the list; more load on demand. */
const PAGE_SIZE = 20;

/** Navigation state: set when the user came here on purpose (header switcher, "later"), to stop auto-choose. */
export interface ChooseMerchantState {
  manual?: boolean;
}

/**
 * Choose-merchant (spec §2 /onboard/merchants-choose, §4): the caller's merchants (LOGIN_MERCHANTS)
 * with name, brand, type and KYB state; exactly one is chosen automatically on arrival; choosing runs
 * the after-merchant flow (P2M warning and stop, else state, roles, store options, sidebar, next step).
 */
export function ChooseMerchantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const typeLabel = useMerchantTypeLabel();
  useReloadOnUserChange();
  const manual = (location.state as ChooseMerchantState | null)?.manual === true;
  const auth = getAuth();
  const chosenId = getChosenMerchantId();
  const current = getCurrentMerchant();
  const [warning, setWarning] = useState<string | null>(null);
  const [choosingId, setChoosingId] = useState<number | null>(null);
  const autoChosen = useRef(false);
  const api = usePortalApi();
  const warningRef = useRef<HTMLDivElement>(null);

  const merchants = useInfiniteQuery({
    queryKey: ['portal', 'merchants', auth?.username],
    queryFn: ({ pageParam }) => api.getMerchants({ pageNumber: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      (last.pageNumber + 1) * last.pageSize < last.totalElements ? last.pageNumber + 1 : undefined,
  });
  const list: Merchant[] = useMemo(() => merchants.data?.pages.flatMap((page) => page.content) ?? [], [merchants.data]);
  const total = merchants.data?.pages[0]?.totalElements ?? 0;

  useEffect(() => {
    if (merchants.data) rememberMerchants({ content: list, totalElements: total });
  }, [merchants.data, list, total]);

  const choose = useCallback(
    async (merchant: Merchant) => {
      setWarning(null);
      setChoosingId(merchant.id);
      try {
        const result = await chooseMerchant(merchant.id);
        if (result.step === 'p2m') {
          setWarning(t('portal.merchant.p2mUnsupported', { product: PRODUCT_NAME }));
          setChoosingId(null);
          return;
        }
        navigate(result.path, { replace: true });
      } catch {
        // The httpClient has shown the §8 message; the user can choose again.
        setChoosingId(null);
      }
    },
    [navigate, t],
  );

  useEffect(() => {
    if (warning) warningRef.current?.focus();
  }, [warning]);

  // Spec: exactly one merchant is chosen for the user, unless they came back here on purpose.
  useEffect(() => {
    if (manual || autoChosen.current || !merchants.isSuccess || total !== 1 || list.length !== 1) return;
    autoChosen.current = true;
    void choose(list[0]);
  }, [manual, merchants.isSuccess, total, list, choose]);

  const busy = choosingId !== null;

  return (
    <ShellLayout actions={<LogoutButton />}>
      <Stack spacing={6}>
        <Box>
          {manual && current && chosenId !== null && (
            <Button
              startIcon={<ArrowBackOutlined aria-hidden />}
              onClick={() => navigate(WELCOME_PATH)}
              sx={{ mb: 2, ml: -2 }}
              disabled={busy}
            >
              {t('portal.chooseMerchant.backTo', { name: current.name })}
            </Button>
          )}
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {t('portal.chooseMerchant.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 2 }}>
            {t('portal.chooseMerchant.subtitle', { name: auth?.name || auth?.username || '' })}
          </Typography>
        </Box>

        {/* Invitations to join a merchant; accepting one adds it to the list below. */}
        <PendingInvitations onAnswered={() => void merchants.refetch()} />

        {warning && (
          <Alert severity="warning" role="alert" ref={warningRef} tabIndex={-1} data-testid="p2m-warning">
            {warning}
          </Alert>
        )}

        {merchants.isPending && <MerchantListSkeleton />}

        {merchants.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void merchants.refetch()}>
                {t('portal.common.retry')}
              </Button>
            }
          >
            {t('portal.chooseMerchant.loadError')}
          </Alert>
        )}

        {merchants.isSuccess && total === 0 && (
          <Paper variant="outlined" sx={{ p: { xs: 6, md: 10 }, textAlign: 'center', borderRadius: 3 }}>
            <StorefrontOutlined sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
              {t('portal.chooseMerchant.emptyTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 2, maxWidth: 560, mx: 'auto' }}>
              {t('portal.chooseMerchant.emptyMessage', {
                username: auth?.username ?? '',
                product: PRODUCT_NAME,
                email: SUPPORT_EMAIL,
              })}
            </Typography>
            <Box sx={{ mt: 6 }}>
              <LogoutButtonContained />
            </Box>
          </Paper>
        )}

        {list.length > 0 && (
          <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
            <List aria-label={t('portal.chooseMerchant.listLabel')} disablePadding>
              {list.map((merchant, index) => {
                const isCurrent = merchant.id === chosenId;
                const isChoosing = merchant.id === choosingId;
                return (
                  <ListItem key={merchant.id} disablePadding divider={index < list.length - 1}>
                    <ListItemButton
                      onClick={() => void choose(merchant)}
                      disabled={busy}
                      aria-current={isCurrent ? 'true' : undefined}
                      aria-busy={isChoosing}
                      sx={{ py: 4, px: { xs: 4, md: 6 }, alignItems: 'center', gap: 4 }}
                    >
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }} noWrap>
                          {merchant.name}
                        </Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                          {t('portal.chooseMerchant.brand', { brand: merchant.brandName || '' })}
                        </Typography>
                        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 2 }}>
                          <Chip size="small" label={typeLabel(merchant.type)} />
                          <KybBadge stateCode={merchant.stateCode} />
                          {isCurrent && <Chip size="small" color="primary" label={t('portal.chooseMerchant.current')} />}
                        </Stack>
                      </Box>
                      {isChoosing ? (
                        <CircularProgress size={24} aria-label={t('portal.chooseMerchant.choosing')} />
                      ) : (
                        <ChevronRightOutlined aria-hidden sx={{ color: 'text.secondary' }} />
                      )}
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
        )}

        {merchants.hasNextPage && (
          <Box sx={{ textAlign: 'center' }}>
            <Button
              variant="outlined"
              onClick={() => void merchants.fetchNextPage()}
              disabled={merchants.isFetchingNextPage || busy}
            >
              {t('portal.chooseMerchant.loadMore')}
            </Button>
          </Box>
        )}
      </Stack>
    </ShellLayout>
  );
}

ChooseMerchantPage.path = OnboardPaths.chooseMerchant;

function LogoutButtonContained() {
  return <LogoutButton variant="contained" />;
}

function MerchantListSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 4 }} role="status" aria-label={t('portal.common.loading')}>
      {[0, 1, 2].map((row) => (
        <Box key={row} sx={{ py: 3 }}>
          <Skeleton width="40%" height={24} />
          <Skeleton width="25%" />
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            <Skeleton variant="rounded" width={72} height={24} />
            <Skeleton variant="rounded" width={96} height={24} />
          </Stack>
        </Box>
      ))}
    </Paper>
  );
}

export default ChooseMerchantPage;
