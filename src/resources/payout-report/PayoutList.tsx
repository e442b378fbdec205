import { GenericReportList } from '@/features/report-list';

export default function PayoutList() {
  return <GenericReportList report="payout-report" />;
}
