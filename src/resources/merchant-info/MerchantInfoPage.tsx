import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getChosenMerchantId, getCurrentMerchant } from '@/authProvider/session';
import type { MerchantInfo } from '@/domain/merchantInfo';
import { canEditMerchantInfo, canViewPayout } from '@/domain/permissions';
import { formatDateTime } from '@/domain/format';
import { DocumentsPanel } from './DocumentsPanel';
import { KybSummary } from './KybSummary';
import { LinksPanel } from './LinksPanel';
import { emptyValues, MerchantFieldsForm, type FieldValues } from './MerchantFieldsForm';
import { infoQueryKey } from './queryKeys';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/** The payout helper's panel (src/resources/merchant-info/payout), in its own chunk. */
const PayoutPanel = lazy(() => import('./payout/PayoutPanel'));

const TABS = ['info', 'documents', 'payout', 'links'] as const;
type TabName = (typeof TABS)[number];

function Details({ info }: { info: MerchantInfo }) {
  const { t } = useTranslation();
  const none = t('portal.common.none');
  const label = (key: string, value: string | null | undefined) => [key, value && value !== '' ? value : none] as const;
  const p = info.profile;
  const rows = [
    label('name', info.name),
    label('brandName', info.brandName),
    label('partnerCode', info.partnerCode),
    label('type', t(`portal.merchant.type.${info.type}`, { defaultValue: info.type })),
    label('relationshipRole', info.relationshipRole ? t(`resources.merchant-info.relationship.${info.relationshipRole}`, { defaultValue: info.relationshipRole }) : t('resources.merchant-info.relationship.none')),
    // The master row only when there is one: "Doanh nghiệp chủ: Chưa có" beside a merchant that is itself
    // the master (or independent) contradicted the link row above it.
    ...(info.master ? [label('master', `${info.master.name} (${info.master.partnerCode})`)] : []),
    label('internalGroup', info.internalGroup ? t(`resources.merchant-info.groupRoles.${info.internalGroup.groupCode}`, { defaultValue: info.internalGroup.groupCode }) : null),
    label('taxCode', p?.taxCode),
    label('representativeName', p?.representativeName),
    label('businessAddress', p?.businessAddress),
    label('contactPhone', p?.contactPhone),
    label('contactEmail', p?.contactEmail),
    label('website', p?.website),
    label('sellingChannel', p ? t(`resources.merchant-info.sellingChannels.${p.sellingChannel}`) : null),
    label('updatedAt', info.updatedAt ? formatDateTime(info.updatedAt) : null),
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 8, rowGap: 3, m: 0 }}>
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            {t(`resources.merchant-info.fields.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }} data-field={key}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const toValues = (info: MerchantInfo): FieldValues => ({
  ...emptyValues(),
  name: info.name,
  brandName: info.brandName,
  ...(info.profile ?? {}),
});

/** Spec §2 merchant-info (MERCHANT_KYB): merchant, KYB state and next step, documents, payout (slot), links and registration. */
export default function MerchantInfoPage() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const merchantId = getChosenMerchantId() ?? 0;
  const roles = getCurrentMerchant()?.roles ?? [];
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: infoQueryKey(merchantId), queryFn: () => api.getMerchantInfo(merchantId), enabled: merchantId > 0 });
  const showPayout = canViewPayout(roles);
  const tabs = TABS.filter((tab) => tab !== 'payout' || showPayout);
  const wanted = params.get('tab') as TabName | null;
  const tab: TabName = wanted && tabs.includes(wanted) ? wanted : 'info';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: infoQueryKey(merchantId) });

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 6 }}>
        {t('resources.merchant-info.name')}
      </Typography>
      {info.isPending && <CircularProgress aria-label={t('portal.common.loading')} />}
      {info.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void info.refetch()}>
              {t('portal.common.retry')}
            </Button>
          }
        >
          {(info.error as Error).message || t('resources.merchant-info.loadError')}
        </Alert>
      )}
      {info.data && (
        <>
          <KybSummary info={info.data} />
          <Tabs
            value={tab}
            onChange={(_, value: TabName) => setParams(value === 'info' ? {} : { tab: value }, { replace: true })}
            aria-label={t('resources.merchant-info.tabs.label')}
            variant="scrollable"
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 5 }}
          >
            {tabs.map((name) => (
              <Tab key={name} value={name} label={t(`resources.merchant-info.tabs.${name}`)} id={`mi-tab-${name}`} aria-controls={`mi-panel-${name}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`mi-panel-${tab}`} aria-labelledby={`mi-tab-${tab}`}>
            {tab === 'info' && (
              <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, borderRadius: 3 }}>
                {editing ? (
                  <MerchantFieldsForm
                    mode="edit"
                    initial={toValues(info.data)}
                    onCancel={() => setEditing(false)}
                    onSubmit={async (values) => {
                      try {
                        const saved = await api.saveMerchantInfo(merchantId, values);
                        queryClient.setQueryData(infoQueryKey(merchantId), saved);
                        setEditing(false);
                      } catch {
                        // Toasted by the httpClient.
                      }
                    }}
                  />
                ) : (
                  <>
                    <Details info={info.data} />
                    <Box sx={{ mt: 5, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
                      {info.data.canEdit ? (
                        <>
                          <Button variant="contained" onClick={() => setEditing(true)}>
                            {t('resources.merchant-info.edit.open')}
                          </Button>
                          <Typography variant="body2" color="text.secondary">
                            {t('resources.merchant-info.edit.reviewNotice')}
                          </Typography>
                        </>
                      ) : (
                        info.data.editBlock &&
                        canEditMerchantInfo(roles) && (
                          <Typography variant="body2" color="text.secondary" data-testid="edit-blocked">
                            {t(`resources.merchant-info.edit.blocked.${info.data.editBlock}`)}
                          </Typography>
                        )
                      )}
                    </Box>
                  </>
                )}
              </Paper>
            )}
            {tab === 'documents' && (
              <DocumentsPanel
                merchantId={merchantId}
                documents={info.data.documents}
                canUpload={canEditMerchantInfo(roles) && info.data.editBlock !== 'locked'}
                onChanged={refresh}
              />
            )}
            {tab === 'payout' && (
              <Suspense fallback={<CircularProgress aria-label={t('portal.common.loading')} />}>
                <PayoutPanel merchantId={merchantId} />
              </Suspense>
            )}
            {tab === 'links' && <LinksPanel info={info.data} onChanged={refresh} />}
          </Box>
        </>
      )}
    </Box>
  );
}
