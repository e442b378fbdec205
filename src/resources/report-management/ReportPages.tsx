import { useTranslate } from 'react-admin';
import { PageListTable } from '@/features/page-list/PageListTable';
import { usePathOf } from '@/resourceConfig';
import { R, useReportPages } from './shared';

/** The merchant's pages whose reports the caller may open; each opens its overview. */
export default function ReportPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  return (
    <PageListTable
      prefix={R}
      query={useReportPages()}
      columns={[{ key: 'status', cell: (page) => translate(`${R}.pageStatus.${page.status}`, { _: page.status }) }]}
      links={(page) => [{ label: translate('resources.report-overview.name'), to: pathOf('report-overview', 'page', { id: page.id }) }]}
    />
  );
}
