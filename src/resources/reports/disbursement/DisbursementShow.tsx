import { ReportRowShow } from '@/components/report-center/ReportRowShow';

export default function DisbursementShow() {
  return <ReportRowShow report="disbursements" resource="disbursement-report" listPath="report-center/disbursement-report" />;
}
