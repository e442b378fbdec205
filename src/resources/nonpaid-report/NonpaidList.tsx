import { GenericReportList } from '@/features/report-list';

export default function NonpaidList() {
  return <GenericReportList report="nonpaid-report" />;
}
