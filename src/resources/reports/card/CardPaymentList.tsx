import { ReportCenterList } from '@/components/report-center/ReportCenterList';

export default function CardPaymentList() {
  return <ReportCenterList report="card-payments" resource="card-payment-report" detailPath="report-center/card-payment-report/:id" />;
}
