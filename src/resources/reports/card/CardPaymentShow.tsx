import { ReportRowShow } from '@/components/report-center/ReportRowShow';

export default function CardPaymentShow() {
  return <ReportRowShow report="card-payments" resource="card-payment-report" listPath="report-center/card-payment-report" />;
}
