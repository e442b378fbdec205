import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import type { StoreOption } from '@/domain/api';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import {
  DEFAULT_PAYMENT_LINK_COLUMNS,
  PAYMENT_LINK_LIMITS,
  PAYMENT_LINK_STATUSES,
  paymentLinkFilterSchema,
  type PaymentLink,
  type PaymentLinkColumn,
  type PaymentLinkStatus,
  type PaymentLinkTotals,
} from '@/domain/paymentLinks';
import { presetRange, vietnamToday } from '@/domain/time';
import { usePathOf } from '@/resourceConfig';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import { DateRangeFilter, MultiSelect, ReportList, SearchFilter, type ReportColumn } from '@/features/report-list';
import { LinkStatusChip, useLinkAmount } from './PaymentLinkFields';

const RESOURCE = 'payment-links';
const DATE_FIELDS = { from: 'from', to: 'to' };
/** What a link's card shows on a phone. */
const CARD = { id: 'code', time: 'createdAt', amount: 'amount', status: 'status', store: 'storeName' };

interface LinkFilter extends Record<string, unknown> {
  from: string;
  to: string;
  status: PaymentLinkStatus[];
  storeId: number[];
  minAmount: number | '';
  maxAmount: number | '';
  keyword: string;
}

const defaultFilter = (): LinkFilter => ({ ...presetRange('last30Days', vietnamToday()), status: [], storeId: [], minAmount: '', maxAmount: '', keyword: '' });

/** A stored filter as this list's filter (the API's own filter schema decides), or null. */
function validateFilter(value: unknown): LinkFilter | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<LinkFilter>;
  const amount = (a: unknown) => (typeof a === 'number' && Number.isInteger(a) && a >= 0 ? a : undefined);
  const parsed = paymentLinkFilterSchema.safeParse({
    from: v.from,
    to: v.to,
    status: Array.isArray(v.status) ? v.status : undefined,
    storeId: Array.isArray(v.storeId) ? v.storeId : undefined,
    minAmount: amount(v.minAmount),
    maxAmount: amount(v.maxAmount),
    keyword: typeof v.keyword === 'string' ? v.keyword : undefined,
  });
  if (!parsed.success) return null;
  const f = parsed.data;
  return { from: f.from, to: f.to, status: f.status ?? [], storeId: f.storeId ?? [], minAmount: f.minAmount ?? '', maxAmount: f.maxAmount ?? '', keyword: f.keyword ?? '' };
}

/** A whole-đồng bound typed in a field: empty means no bound. */
function AmountBound({ label, value, onChange }: { label: string; value: number | ''; onChange: (next: number | '') => void }) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      slotProps={{ htmlInput: { min: 0, max: PAYMENT_LINK_LIMITS.maxAmount, step: 1000 } }}
      onChange={(e) => {
        const n = e.target.value === '' ? '' : Number(e.target.value);
        onChange(n === '' || (Number.isInteger(n) && n >= 0 && n <= PAYMENT_LINK_LIMITS.maxAmount) ? n : '');
      }}
      sx={{ width: 150 }}
    />
  );
}

/**
 * Payment links (payment-links): created-date range with the report presets, status, store, amount range
 * and search by code, title or reference; totals (count, collected); columns; export through the jobs.
 */
export default function PaymentLinkList() {
  const translate = useTranslate();
  const lng = getLanguage();
  const pathOf = usePathOf();
  const amountOf = useLinkAmount();
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const label = (key: string) => translate(`resources.${RESOURCE}.fields.${key}`);

  const columns = useMemo<ReportColumn<PaymentLink & { id: number }>[]>(() => {
    const render: Record<PaymentLinkColumn, (l: PaymentLink) => React.ReactNode> = {
      code: (l) => (
        <Link component={RouterLink} to={pathOf(RESOURCE, 'show', { id: l.id })}>
          {l.code}
        </Link>
      ),
      title: (l) => l.title,
      status: (l) => <LinkStatusChip status={l.status} />,
      amount: (l) => amountOf(l),
      singleUse: (l) => translate(`resources.${RESOURCE}.use.${l.singleUse ? 'single' : 'multiple'}`),
      storeName: (l) => l.storeName ?? '-',
      reference: (l) => l.reference ?? '-',
      paymentCount: (l) => formatNumber(l.paymentCount, lng),
      collectedAmount: (l) => formatMoney(l.collectedAmount, lng),
      expiresAt: (l) => (l.expiresAt ? formatDateTime(l.expiresAt) : '-'),
      createdAt: (l) => formatDateTime(l.createdAt),
    };
    return (Object.keys(render) as PaymentLinkColumn[]).map((key) => ({
      source: key,
      label: `resources.${RESOURCE}.fields.${key}`,
      align: key === 'amount' || key === 'collectedAmount' || key === 'paymentCount' ? 'right' : undefined,
      render: render[key],
    }));
  }, [amountOf, lng, pathOf, translate]);

  const title = translate(`resources.${RESOURCE}.name`);
  return (
    <ReportList<LinkFilter, PaymentLink & { id: number }>
      resource={RESOURCE}
      title={title}
      columns={columns}
      defaultColumns={DEFAULT_PAYMENT_LINK_COLUMNS}
      dateFields={DATE_FIELDS}
      defaultFilter={defaultFilter}
      validateFilter={validateFilter}
      empty={translate(`resources.${RESOURCE}.empty`)}
      isEmpty={(totals) => (totals as PaymentLinkTotals).count === 0}
      card={CARD}
      rowLink={(row) => pathOf(RESOURCE, 'show', { id: row.id })}
      actions={
        <Button component={RouterLink} to={pathOf(RESOURCE, 'create')} variant="contained" size="small" startIcon={<AddLinkOutlined />}>
          {translate(`resources.${RESOURCE}.create.open`)}
        </Button>
      }
      totals={(value) => {
        const totals = value as PaymentLinkTotals | undefined;
        return [
          {
            label: translate(`resources.${RESOURCE}.totals.count`),
            value: formatNumber(totals?.count ?? 0, lng),
            detail: totals?.byStatus.map((s) => `${translate(`resources.${RESOURCE}.statuses.${s.status}`)}: ${formatNumber(s.count, lng)}`).join(' · '),
          },
          { label: translate(`resources.${RESOURCE}.totals.collected`), value: formatMoney(totals?.collectedAmount ?? 0, lng) },
        ];
      }}
      filters={({ filter, setFilter }) => (
        <>
          <DateRangeFilter value={{ from: filter.from, to: filter.to }} onChange={(range, typed) => setFilter({ ...filter, ...range }, typed)} />
          <MultiSelect
            label={label('status')}
            value={filter.status ?? []}
            choices={PAYMENT_LINK_STATUSES.map((s) => ({ id: s, name: translate(`resources.${RESOURCE}.statuses.${s}`) }))}
            onChange={(status) => setFilter({ ...filter, status })}
          />
          {stores.length > 0 ? (
            <MultiSelect
              label={label('storeName')}
              value={filter.storeId ?? []}
              choices={stores.map((s) => ({ id: s.id, name: s.storeName }))}
              onChange={(storeId) => setFilter({ ...filter, storeId })}
            />
          ) : null}
          <AmountBound label={translate(`resources.${RESOURCE}.filters.minAmount`)} value={filter.minAmount} onChange={(minAmount) => setFilter({ ...filter, minAmount }, true)} />
          <AmountBound label={translate(`resources.${RESOURCE}.filters.maxAmount`)} value={filter.maxAmount} onChange={(maxAmount) => setFilter({ ...filter, maxAmount }, true)} />
          <SearchFilter
            label={translate('portal.reports.search')}
            placeholder={translate(`resources.${RESOURCE}.searchHint`)}
            value={filter.keyword ?? ''}
            maxLength={PAYMENT_LINK_LIMITS.keywordMaxLength}
            onChange={(keyword) => setFilter({ ...filter, keyword: keyword.trim() }, true)}
          />
        </>
      )}
    />
  );
}
