import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DatePickerProvider, DAY_FORMAT } from '@/components/DatePickerProvider';
import { VN_UTC_OFFSET_MINUTES } from '@/domain/time';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the Vietnam wall-clock minute 'YYYY-MM-DDTHH:mm' the API takes (Vietnam has no DST). */
export function vietnamMinuteOf(instant: string | Date): string {
  return new Date(new Date(instant).getTime() + VN_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}

/** The picker works in the browser's zone: the Vietnam minute travels by its calendar fields. */
function pickerValue(minute: unknown): Date | null {
  if (typeof minute !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(minute)) return null;
  const [day, time] = minute.split('T') as [string, string];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, h, mi);
}

function minuteOfPicker(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The scheduled publication time: MUI X date-time picker, Vietnam time, 24-hour clock, DD/MM/YYYY. */
export function ScheduleInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState, formState, id } = useInput({ source });
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  return (
    <DatePickerProvider>
      <DateTimePicker
        label={translate(label)}
        value={pickerValue(field.value)}
        onChange={(date) => field.onChange(minuteOfPicker(date))}
        format={`${DAY_FORMAT} HH:mm`}
        ampm={false}
        disablePast
        slotProps={{
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            error: showError,
            helperText: <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText="resources.content-management.editor.scheduleHelp" />,
          },
        }}
      />
    </DatePickerProvider>
  );
}
