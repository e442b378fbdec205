import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** A filter's multi-choice select whose text names the choices ("Tất cả" when none is chosen). */
export function MultiSelect<V extends string | number>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: readonly V[];
  choices: ReadonlyArray<{ id: V; name: string }>;
  onChange: (next: V[]) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 180, maxWidth: 320 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = selected as V[];
            if (ids.length === 0) return translate('portal.reports.all');
            return ids.map((id) => choices.find((c) => c.id === id)?.name ?? String(id)).join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
      onChange={(e) => onChange(e.target.value as unknown as V[])}
    >
      {choices.map((c) => (
        <MenuItem key={String(c.id)} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
