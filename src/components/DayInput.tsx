import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { dayKeyOfPicker, isDayKey, pickerDateOf } from '@/domain/time';
import { DatePickerProvider, DAY_FORMAT } from './DatePickerProvider';

/**
 * A react-admin input for one day: shown and typed DD/MM/YYYY (§9) whatever the browser's locale, kept in
 * the form as a day key ('yyyy-MM-dd', what the schemas and the API take). While the user types, the
 * field keeps the text; the form gets the day once it is whole (a four-digit year).
 */
export function DayInput(props: InputProps) {
  const { field, fieldState, formState, isRequired, id } = useInput(props);
  const [draft, setDraft] = useState<{ date: Date | null; base: unknown } | null>(null);
  const day = field.value;
  const shown = draft && draft.base === day ? draft.date : isDayKey(day) ? pickerDateOf(day) : null;
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  return (
    <DatePickerProvider>
      <DatePicker
        label={<FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />}
        format={DAY_FORMAT}
        value={shown}
        onChange={(date) => {
          setDraft({ date, base: day });
          const next = dayKeyOfPicker(date);
          if (next && date && date.getFullYear() >= 1000) field.onChange(next);
          else if (!date) field.onChange('');
        }}
        slotProps={{
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            error: showError,
            helperText: <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={props.helperText} />,
          },
        }}
      />
    </DatePickerProvider>
  );
}
