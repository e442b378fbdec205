import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DatePickerProvider, DAY_FORMAT } from '@/components/DatePickerProvider';
import { dayKeyOfPicker, DATE_PRESETS, pickerDateOf, presetOf, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';

interface DayFieldProps {
  label: string;
  day: string;
  min?: string;
  max?: string;
  onDay: (day: string) => void;
}

/**
 * One day, typed section by section (DD, MM, YYYY) or picked. While the user types, the field keeps what
 * is typed; a day is passed on only once it is a whole, valid one (a year of four digits, within bounds).
 */
function DayField({ label, day, min, max, onDay }: DayFieldProps) {
  const [draft, setDraft] = useState<{ date: Date | null; base: string } | null>(null);
  const shown = draft && draft.base === day ? draft.date : pickerDateOf(day);
  return (
    <DatePicker
      label={label}
      format={DAY_FORMAT}
      value={shown}
      minDate={min ? pickerDateOf(min) : undefined}
      maxDate={max ? pickerDateOf(max) : undefined}
      onChange={(date, context) => {
        setDraft({ date, base: day });
        const next = dayKeyOfPicker(date);
        if (next && next !== day && !context.validationError && date && date.getFullYear() >= 1000) onDay(next);
      }}
      slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
    />
  );
}

/**
 * A preset (today … last 90 days = 89 days back, §9) or a custom pair of days, in Vietnam time. The
 * preset shown is the one the range equals, so a restored or shared filter names its preset again.
 * `typed` says the change comes from typing (the list may wait for a pause before asking).
 */
export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (next: DayRange, typed?: boolean) => void }) {
  const translate = useTranslate();
  const today = vietnamToday();
  // "Custom" chosen by hand stays chosen even while the days still equal a preset.
  const [custom, setCustom] = useState(false);
  const preset: DatePreset = custom ? 'custom' : presetOf(value, today);
  const choose = (next: DatePreset) => {
    setCustom(next === 'custom');
    if (next !== 'custom') onChange(presetRange(next, today));
  };
  const pick = (which: 'from' | 'to') => (day: string) => {
    setCustom(true);
    onChange({ ...value, [which]: day }, true);
  };
  return (
    <DatePickerProvider>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={translate('portal.reports.dateRange.preset')}
          value={preset}
          onChange={(e) => choose(e.target.value as DatePreset)}
          sx={{ minWidth: 180 }}
        >
          {DATE_PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`portal.reports.dateRange.presets.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <DayField label={translate('portal.reports.dateRange.from')} day={value.from} max={value.to} onDay={pick('from')} />
        <DayField label={translate('portal.reports.dateRange.to')} day={value.to} min={value.from} max={today} onDay={pick('to')} />
      </Stack>
    </DatePickerProvider>
  );
}
