import { useState } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { PortalDataProvider, StoreExportFormat } from '@/dataProvider';
import { downloadFile } from '@/files';
import { notify } from '@/components/notifications/notifier';
import { ExportMenuButton } from '@/components/ExportMenuButton';

/** What each format may come back as; anything else (an error page, an envelope) is 'File không hợp lệ!'. */
const ACCEPT: Record<StoreExportFormat, readonly string[]> = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};

const FORMATS: readonly StoreExportFormat[] = ['csv', 'xlsx'];

/**
 * Exports every store the list's filter selects, server-side and unpaged (react-admin's ExportButton
 * would fetch in the browser and stop at a fixed number of rows). The file name is the server's.
 */
export default function StoreExportButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: StoreExportFormat) => {
    setBusy(true);
    try {
      await downloadFile(() => dataProvider.exportStores({ format, filter: filterValues, sort }), {
        notify,
        t: translate,
        accept: ACCEPT[format],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ExportMenuButton
      label={translate('resources.stores.export.button')}
      menuLabel={translate('resources.stores.export.menuLabel')}
      formats={FORMATS}
      formatLabel={(format) => translate(`resources.stores.export.${format}`)}
      busy={busy}
      disabled={total === 0}
      onExport={(format) => void exportAs(format)}
    />
  );
}
