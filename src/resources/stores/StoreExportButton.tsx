import { useId, useRef, useState } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { PortalDataProvider, StoreExportFormat } from '@/dataProvider';
import { downloadFile } from '@/files';
import { notify } from '@/components/notifications/notifier';

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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const exportAs = async (format: StoreExportFormat) => {
    setOpen(false);
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
    <>
      <Button
        ref={anchor}
        size="small"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        aria-busy={busy}
        disabled={busy || total === 0}
        onClick={() => setOpen(true)}
      >
        {translate('resources.stores.export.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ list: { 'aria-label': translate('resources.stores.export.menuLabel') } }}
      >
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            {translate(`resources.stores.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
