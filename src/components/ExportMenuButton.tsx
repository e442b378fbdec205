import { useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';

/**
 * The export button every list shares: one button opening a menu of file formats, busy while a file is
 * being made. What a format does (download at once, start a job) is the caller's `onExport`.
 */
export function ExportMenuButton<F extends string>({
  label,
  menuLabel,
  formats,
  formatLabel,
  busy,
  disabled,
  variant,
  onExport,
}: {
  label: string;
  /** The menu's accessible name (defaults to the button's label). */
  menuLabel?: string;
  formats: readonly F[];
  formatLabel: (format: F) => string;
  busy: boolean;
  disabled?: boolean;
  variant?: 'text' | 'outlined';
  onExport: (format: F) => void;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant={variant}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        aria-busy={busy}
        disabled={busy || disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ list: { 'aria-label': menuLabel ?? label } }}
      >
        {formats.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setOpen(false);
              onExport(format);
            }}
          >
            {formatLabel(format)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
