import { useParams } from 'react-router-dom';
import { useStore } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { PageReportTab } from '@/domain/pageReports';
import { isDayKey, presetOf, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';

export const R = 'resources.report-management';
export const reportKey = (...parts: (string | number | undefined)[]) => ['page-reports', ...parts];

/** The resource of each tab, in spec §2 order. */
export const TAB_RESOURCES: Record<PageReportTab, string> = {
  overview: 'report-overview',
  post: 'report-post',
  'customer-message': 'report-customer-message',
  reconciliation: 'report-reconciliation',
};

export const locale = () => (getLanguage() === 'en' ? 'en' : 'vi');

/** The page id of the route (`:id`). */
export function usePageId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

export function useReportPages() {
  const api = usePortalApi();
  return useQuery({ queryKey: reportKey('pages'), queryFn: () => api.getReportPages() });
}

interface StoredRange {
  preset: DatePreset;
  range: DayRange;
}

const DEFAULT_PRESET: DatePreset = 'last7Days';

/**
 * The reports' date range, shared by the four tabs and kept in the encrypted store; a relative preset
 * ('last 7 days') is re-anchored on today when read back.
 */
export function useReportRange(): [DayRange, (next: DayRange) => void] {
  const today = vietnamToday();
  const [stored, setStored] = useStore<StoredRange | undefined>('pageReports.range');
  let range = presetRange('last7Days', today);
  if (stored && isDayKey(stored.range?.from) && isDayKey(stored.range?.to)) {
    range = stored.preset === 'custom' ? stored.range : presetRange(stored.preset, today);
  } else if (stored?.preset && stored.preset !== 'custom') {
    range = presetRange(stored.preset ?? DEFAULT_PRESET, today);
  }
  return [range, (next) => setStored({ preset: presetOf(next, today), range: next })];
}
