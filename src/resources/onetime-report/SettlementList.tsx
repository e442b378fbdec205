import { GenericReportList } from '@/features/report-list';

export default function SettlementList() {
  return <GenericReportList report="onetime-report" />;
}
