import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { QueryParams } from '@/dataProvider/httpClient';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type StoreOption } from '@/domain/api';
import { formatDateTimeSeconds, formatMoney, formatNumber } from '@/domain/format';
import { KEYWORD_MAX_LENGTH, REPORTS, type ReportKey } from '@/domain/reportCenter';
import { DATE_PRESETS, presetRange, vietnamToday, type DatePreset } from '@/domain/time';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import { ColumnChooser, DateRangeFilter, ExportButton, ReportTable, TotalsBar, useReportFilter, type TotalsItem } from '@/components/reports';
import { exportReport, listReport, reportTotals, type ReportRow } from './api';
import { GeneratedReports } from './GeneratedReports';
import { StatusChip } from './StatusChip';

const SEARCH_DEBOUNCE_MS = 400;

interface ListState {
  preset: DatePreset;
  from: string;
  to: string;
  storeId: number[];
  status: string[];
  keyword: string;
  columns: string[];
  pageSize: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One report-center list (card payments, disbursements, financing, settlements, non-paid, donations):
 * date range with presets, store and status filters, search, totals of the filtered set, columns the
 * user chooses (the export follows them), export without row cap, and the scheduled files of the
 * report's type. The filter is kept per path in the encrypted store and restored on return.
 */
export function ReportCenterList({ report, resource, detailPath }: { report: ReportKey; resource: string; detailPath?: string }) {
  const def = REPORTS[report];
  const translate = useTranslate();
  const lng = getLanguage();
  const allColumns = useMemo(() => def.columns.map((c) => c.key), [def]);

  const defaults = (): ListState => ({
    preset: 'last7Days',
    ...presetRange('last7Days', vietnamToday()),
    storeId: [],
    status: [],
    keyword: '',
    columns: [...def.defaultColumns],
    pageSize: DEFAULT_PAGE_SIZE,
  });
  // A stored filter of another shape (or tampered) is dropped; a relative preset is re-anchored on today.
  const validate = (value: unknown): ListState | null => {
    if (!value || typeof value !== 'object') return null;
    const v = value as Partial<ListState>;
    if (!DATE_PRESETS.includes(v.preset as DatePreset) || !ISO_DAY.test(String(v.from)) || !ISO_DAY.test(String(v.to))) return null;
    const columns = Array.isArray(v.columns) ? v.columns.filter((c) => allColumns.includes(c)) : [];
    if (!columns.length || !PAGE_SIZES.includes(Number(v.pageSize))) return null;
    const range = v.preset === 'custom' ? { from: v.from!, to: v.to! } : presetRange(v.preset as Exclude<DatePreset, 'custom'>, vietnamToday());
    return {
      preset: v.preset as DatePreset,
      ...range,
      storeId: Array.isArray(v.storeId) ? v.storeId.filter((s) => Number.isInteger(s)) : [],
      status: Array.isArray(v.status) ? v.status.filter((s) => def.statuses.includes(s)) : [],
      keyword: typeof v.keyword === 'string' ? v.keyword.slice(0, KEYWORD_MAX_LENGTH) : '',
      columns,
      pageSize: Number(v.pageSize),
    };
  };
  const [state, setState] = useReportFilter<ListState>(defaults, validate);
  const [pageNumber, setPageNumber] = useState(0);
  const [search, setSearch] = useState(state.keyword);
  const stores = useMemo(() => (def.hasStore ? (secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? []) : []), [def.hasStore]);

  const update = (next: Partial<ListState>) => {
    setState({ ...state, ...next });
    setPageNumber(0);
  };
  useEffect(() => {
    if (search === state.keyword) return;
    const timer = setTimeout(() => update({ keyword: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the debounce
  }, [search]);

  const query: QueryParams = {
    fromDate: state.from,
    toDate: state.to,
    status: state.status,
    ...(def.hasStore ? { storeId: state.storeId } : {}),
    keyword: state.keyword || undefined,
  };
  const filterKey = JSON.stringify(query);
  const list = useQuery({
    queryKey: ['portal', report, 'list', filterKey, state.pageSize, pageNumber],
    queryFn: ({ signal }) => listReport(report, { ...query, pageNumber, pageSize: state.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: ['portal', report, 'totals', filterKey],
    queryFn: ({ signal }) => reportTotals(report, query, signal),
  });

  const colLabel = (key: string) => translate(`portal.reportCenter.columns.${key}`);
  const statusLabel = (s: string) => translate(`portal.reportCenter.statuses.${s}`);
  const totalsItems: TotalsItem[] = [
    {
      label: translate('portal.reportCenter.totals.count'),
      value: formatNumber(totals.data?.count ?? 0, lng),
      detail: totals.data?.byStatus.map((s) => `${statusLabel(s.status)}: ${formatNumber(s.count, lng)}`).join(' · '),
    },
    ...def.moneyColumns.map((key) => ({ label: colLabel(key), value: formatMoney(totals.data?.sums[key] ?? 0, lng) })),
  ];
  const rows = list.data?.content ?? [];

  const cell = (row: ReportRow, key: string) => {
    const column = def.columns.find((c) => c.key === key)!;
    const value = row[key];
    if (key === def.idColumn && detailPath) {
      return (
        <Link component={RouterLink} to={`/app/${detailPath.replace(':id', encodeURIComponent(String(value)))}`}>
          {String(value)}
        </Link>
      );
    }
    if (value === null || value === undefined || value === '') return '-';
    switch (column.type) {
      case 'money':
        return formatMoney(value as number, lng);
      case 'number':
        return formatNumber(value as number, lng);
      case 'date':
        return formatDateTimeSeconds(value as string);
      case 'status':
        return <StatusChip status={String(value)} />;
      default:
        return key === 'channel' || key === 'cardBrand' ? translate(`portal.reportCenter.values.${String(value)}`, { _: String(value) }) : String(value);
    }
  };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={translate(`resources.${resource}.name`)} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-start' }}>
        <ColumnChooser all={allColumns} value={state.columns} onChange={(columns) => setState({ ...state, columns })} labelOf={colLabel} />
        <ExportButton
          report={report}
          disabled={!totals.data || totals.data.count === 0}
          start={(format) => exportReport(report, query, state.columns, format)}
        />
      </Stack>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reportCenter.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
          <DateRangeFilter value={state} onChange={(range) => update(range)} />
          {stores.length > 0 ? (
            <TextField
              select
              size="small"
              label={translate('portal.reportCenter.store')}
              value={state.storeId}
              sx={{ minWidth: 200, maxWidth: 320 }}
              slotProps={{
                select: {
                  multiple: true,
                  displayEmpty: true,
                  renderValue: (selected) => {
                    const ids = selected as number[];
                    if (!ids.length) return translate('portal.reportCenter.all');
                    return ids.map((id) => stores.find((s) => s.id === id)?.storeName ?? String(id)).join(', ');
                  },
                },
                inputLabel: { shrink: true },
              }}
              onChange={(e) => update({ storeId: e.target.value as unknown as number[] })}
            >
              {stores.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.storeName}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            select
            size="small"
            label={translate('portal.reportCenter.status')}
            value={state.status}
            sx={{ minWidth: 180 }}
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (selected) => {
                  const values = selected as string[];
                  return values.length ? values.map(statusLabel).join(', ') : translate('portal.reportCenter.all');
                },
              },
              inputLabel: { shrink: true },
            }}
            onChange={(e) => update({ status: e.target.value as unknown as string[] })}
          >
            {def.statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {statusLabel(s)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label={translate('portal.reportCenter.search')}
            placeholder={translate(`portal.reportCenter.searchHints.${report}`)}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { maxLength: KEYWORD_MAX_LENGTH } }}
            sx={{ minWidth: 260 }}
          />
        </Stack>
      </Paper>
      <TotalsBar items={totalsItems} loading={totals.isPending} />
      <ReportTable
        label={translate(`resources.${resource}.name`)}
        busy={list.isFetching}
        loading={list.isPending}
        columns={state.columns}
        rightAligned={(key) => def.columns.find((c) => c.key === key)?.type === 'money'}
        header={colLabel}
        cell={cell}
        rows={rows}
        empty={translate('portal.reportCenter.empty')}
        total={list.data?.totalElements ?? 0}
        pageNumber={pageNumber}
        pageSize={state.pageSize}
        onPageNumber={setPageNumber}
        onPageSize={(pageSize) => update({ pageSize })}
      />
      {def.settingType ? <GeneratedReports type={def.settingType} /> : null}
    </Stack>
  );
}
