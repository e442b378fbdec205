import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DatePickerProvider, DAY_FORMAT } from '@/components/DatePickerProvider';
import { dayKeyOfPicker, DATE_PRESETS, MAX_RANGE_DAYS, pickerDateOf, presetOf, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';
import { rangeProblem } from './storedFilter';

interface DayFieldProps {
  label: string;
  day: string;
  max?: string;
  /** The range's error: the field is marked invalid; `helperText` says why under it. */
  invalid?: boolean;
  helperText?: string;
  onDay: (day: string) => void;
}

/**
 * One day, typed section by section (DD, MM, YYYY) or picked. While the user types, the field keeps what
 * is typed; a day is passed on only once it is a whole, valid one (a year of four digits, within bounds).
 */
function DayField({ label, day, max, invalid = false, helperText, onDay }: DayFieldProps) {
  const [draft, setDraft] = useState<{ date: Date | null; base: string } | null>(null);
  const shown = draft && draft.base === day ? draft.date : pickerDateOf(day);
  return (
    <DatePicker
      label={label}
      format={DAY_FORMAT}
      value={shown}
      maxDate={max ? pickerDateOf(max) : undefined}
      onChange={(date, context) => {
        setDraft({ date, base: day });
        const next = dayKeyOfPicker(date);
        if (next && next !== day && !context.validationError && date && date.getFullYear() >= 1000) onDay(next);
      }}
      slotProps={{ textField: { size: 'small', sx: { width: 170 }, ...(invalid ? { error: true } : {}), helperText } }}
    />
  );
}

/**
 * A preset (today … last 90 days = 89 days back, §9) or a custom pair of days, in Vietnam time. The
 * preset shown is the one the range equals, so a restored or shared filter names its preset again.
 * `typed` says the change comes from typing (the list may wait for a pause before asking).
 *
 * A pair that is no range (the end before the start, more than MAX_RANGE_DAYS days) is an error on the
 * fields, said under "to", and is not passed on: the list keeps its last range and asks nothing.
 */
export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (next: DayRange, typed?: boolean) => void }) {
  const translate = useTranslate();
  const today = vietnamToday();
  // "Custom" chosen by hand stays chosen even while the days still equal a preset.
  const [custom, setCustom] = useState(false);
  // The days picked while they make no range, kept against the range they were picked on (a range
  // set from elsewhere, a preset or a saved view, replaces them).
  const [draft, setDraft] = useState<{ range: DayRange; base: DayRange } | null>(null);
  const pending = draft && draft.base.from === value.from && draft.base.to === value.to ? draft.range : null;
  const shown = pending ?? value;
  const problem = pending ? rangeProblem(pending) : null;
  const preset: DatePreset = custom || pending ? 'custom' : presetOf(value, today);
  const choose = (next: DatePreset) => {
    setCustom(next === 'custom');
    setDraft(null);
    if (next !== 'custom') onChange(presetRange(next, today));
  };
  const pick = (which: 'from' | 'to') => (day: string) => {
    setCustom(true);
    const next = { ...shown, [which]: day };
    if (rangeProblem(next)) {
      setDraft({ range: next, base: value });
      return;
    }
    setDraft(null);
    onChange(next, true);
  };
  const helperText = problem ? translate(`portal.reports.dateRange.errors.${problem}`, { max: MAX_RANGE_DAYS }) : undefined;
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
        <DayField label={translate('portal.reports.dateRange.from')} day={shown.from} max={today} invalid={Boolean(problem)} onDay={pick('from')} />
        <DayField label={translate('portal.reports.dateRange.to')} day={shown.to} max={today} invalid={Boolean(problem)} helperText={helperText} onDay={pick('to')} />
      </Stack>
    </DatePickerProvider>
  );
}
