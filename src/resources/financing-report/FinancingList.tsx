import { GenericReportList } from '@/features/report-list';

export default function FinancingList() {
  return <GenericReportList report="financing-report" />;
}
