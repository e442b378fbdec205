import { useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { useTranslate } from 'react-admin';

/** Which columns the list (and its export file) shows, in the list's order; at least one stays. */
export function ColumnChooser<K extends string>({
  all,
  value,
  onChange,
  labelOf,
}: {
  all: readonly K[];
  value: readonly K[];
  onChange: (next: K[]) => void;
  labelOf: (key: K) => string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const toggle = (key: K) => {
    const next = value.includes(key) ? value.filter((k) => k !== key) : all.filter((k) => k === key || value.includes(k));
    if (next.length > 0) onChange(next);
  };
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {translate('portal.reports.columns.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        {all.map((key) => (
          <MenuItem key={key} role="menuitemcheckbox" aria-checked={value.includes(key)} onClick={() => toggle(key)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={value.includes(key)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
            </ListItemIcon>
            <ListItemText>{labelOf(key)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
