import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function SettlementList() {
  return <ReportCenterList report="settlements" resource="onetime-report" />;
}
