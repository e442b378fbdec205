import { GenericReportList } from '@/features/report-list';

export default function DisbursementList() {
  return <GenericReportList report="disbursement-report" />;
}
