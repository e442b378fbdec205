import { ReportRowShow } from '@/features/report-list';

export default function DisbursementShow() {
  return <ReportRowShow report="disbursement-report" />;
}
