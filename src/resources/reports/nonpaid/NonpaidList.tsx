import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function NonpaidList() {
  return <ReportCenterList report="nonpaid" resource="nonpaid-report" />;
}
