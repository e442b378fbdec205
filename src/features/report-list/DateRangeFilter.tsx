import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { enUS as pickerEn, viVN as pickerVi } from '@mui/x-date-pickers/locales';
import { enGB, vi } from 'date-fns/locale';
import { dayKeyOfPicker, DATE_PRESETS, pickerDateOf, presetOf, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';
import { getLanguage } from '@/i18n';

/** §9: dates read and are typed DD/MM/YYYY whatever the browser's locale. */
const DAY_FORMAT = 'dd/MM/yyyy';

const PICKER_TEXT = {
  vi: pickerVi.components.MuiLocalizationProvider.defaultProps.localeText,
  en: pickerEn.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * A preset (today … last 90 days = 89 days back, §9) or a custom pair of days, in Vietnam time. The
 * preset shown is the one the range equals, so a restored or shared filter names its preset again.
 */
export function DateRangeFilter({ value, onChange }: { value: DayRange; onChange: (next: DayRange) => void }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const today = vietnamToday();
  // "Custom" chosen by hand stays chosen even while the days still equal a preset.
  const [custom, setCustom] = useState(false);
  const preset: DatePreset = custom ? 'custom' : presetOf(value, today);
  const choose = (next: DatePreset) => {
    setCustom(next === 'custom');
    if (next !== 'custom') onChange(presetRange(next, today));
  };
  const pick = (which: 'from' | 'to') => (date: Date | null) => {
    const day = dayKeyOfPicker(date);
    if (!day) return;
    setCustom(true);
    onChange({ ...value, [which]: day });
  };
  const field = { size: 'small' as const, sx: { width: 170 } };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={lng === 'en' ? enGB : vi} localeText={PICKER_TEXT[lng]}>
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
        <DatePicker
          label={translate('portal.reports.dateRange.from')}
          format={DAY_FORMAT}
          value={pickerDateOf(value.from)}
          maxDate={pickerDateOf(value.to)}
          onChange={pick('from')}
          slotProps={{ textField: field }}
        />
        <DatePicker
          label={translate('portal.reports.dateRange.to')}
          format={DAY_FORMAT}
          value={pickerDateOf(value.to)}
          minDate={pickerDateOf(value.from)}
          maxDate={pickerDateOf(today)}
          onChange={pick('to')}
          slotProps={{ textField: field }}
        />
      </Stack>
    </LocalizationProvider>
  );
}
