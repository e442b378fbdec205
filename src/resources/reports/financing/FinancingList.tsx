import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function FinancingList() {
  return <ReportCenterList report="financing" resource="financing-report" />;
}
