import { Navigate } from 'react-router-dom';
import { usePathOf } from '@/resourceConfig';

/** /app/report-center opens the transaction report (spec §2: its default view). */
export default function ReportCenterPage() {
  const pathOf = usePathOf();
  return <Navigate to={pathOf('transaction-report')} replace />;
}
