import { GenericReportList } from '@/features/report-list';

export default function DonationHistoryList() {
  return <GenericReportList report="donation-history" />;
}
