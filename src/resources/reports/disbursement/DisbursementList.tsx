import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function DisbursementList() {
  return <ReportCenterList report="disbursements" resource="disbursement-report" detailPath="report-center/disbursement-report/:id" />;
}
