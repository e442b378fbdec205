import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { DATE_PRESETS, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';

export interface DateRangeValue extends DayRange {
  preset: DatePreset;
}

/** A preset (today … last 90 days = 89 days back, §9) or a custom pair of days, in Vietnam time. */
export function DateRangeFilter({ value, onChange }: { value: DateRangeValue; onChange: (next: DateRangeValue) => void }) {
  const translate = useTranslate();
  const today = vietnamToday();
  const choose = (preset: DatePreset) => {
    if (preset === 'custom') onChange({ ...value, preset });
    else onChange({ preset, ...presetRange(preset, today) });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label={translate('portal.reports.dateRange.preset')}
        value={value.preset}
        onChange={(e) => choose(e.target.value as DatePreset)}
        sx={{ minWidth: 180 }}
      >
        {DATE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`portal.reports.dateRange.presets.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={translate('portal.reports.dateRange.from')}
        value={value.from}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to } }}
        onChange={(e) => e.target.value && onChange({ preset: 'custom', from: e.target.value, to: value.to })}
      />
      <TextField
        type="date"
        size="small"
        label={translate('portal.reports.dateRange.to')}
        value={value.to}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from, max: today } }}
        onChange={(e) => e.target.value && onChange({ preset: 'custom', from: value.from, to: e.target.value })}
      />
    </Stack>
  );
}
