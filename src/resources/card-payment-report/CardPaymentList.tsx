import { GenericReportList } from '@/features/report-list';

export default function CardPaymentList() {
  return <GenericReportList report="card-payment-report" />;
}
