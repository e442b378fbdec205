import { ReportRowShow } from '@/features/report-list';

export default function CardPaymentShow() {
  return <ReportRowShow report="card-payment-report" />;
}
