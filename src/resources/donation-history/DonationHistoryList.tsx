import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function DonationHistoryList() {
  return <ReportCenterList report="donations" resource="donation-history" />;
}
