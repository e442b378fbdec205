import { useId, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';

/**
 * The export button every list shares: one button opening a menu of file formats, busy while a file is
 * being made. What a format does (download at once, start a job) is the caller's `onExport`.
 *
 * - One export at a time: a second click on a format (double click, or a click while the first file is
 *   being made) does nothing, whether or not the caller's `busy` has re-rendered yet.
 * - While busy the button stays focusable (aria-disabled, not disabled): a disabled button drops the
 *   keyboard focus to the top of the page. When the export ends, focus is back on the button.
 */
export function ExportMenuButton<F extends string>({
  label,
  menuLabel,
  formats,
  formatLabel,
  note,
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
  /** A line above the formats saying what the file holds (or leaves out). */
  note?: ReactNode;
  busy: boolean;
  disabled?: boolean;
  variant?: 'text' | 'outlined';
  /** When it returns a promise, the button counts as busy until it settles. */
  onExport: (format: F) => void | Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const noteId = useId();
  const isBusy = busy || running;
  const blocked = isBusy || Boolean(disabled);

  const choose = async (format: F) => {
    setOpen(false);
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await onExport(format);
    } finally {
      inFlight.current = false;
      setRunning(false);
      anchor.current?.focus();
    }
  };

  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant={variant}
        startIcon={isBusy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        aria-busy={isBusy}
        aria-disabled={isBusy || undefined}
        disabled={Boolean(disabled) && !isBusy}
        onClick={() => {
          if (!blocked) setOpen(true);
        }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ list: { 'aria-label': menuLabel ?? label, 'aria-describedby': note ? noteId : undefined } }}
      >
        {note ? (
          <ListSubheader id={noteId} role="none" sx={{ lineHeight: 1.4, py: 1, maxWidth: 320, whiteSpace: 'normal' }}>
            {note}
          </ListSubheader>
        ) : null}
        {formats.map((format) => (
          <MenuItem key={format} onClick={() => void choose(format)}>
            {formatLabel(format)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
