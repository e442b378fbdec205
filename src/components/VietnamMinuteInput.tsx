import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { VN_UTC_OFFSET_MINUTES } from '@/domain/time';
import { DatePickerProvider, DAY_FORMAT } from './DatePickerProvider';

const pad = (n: number) => String(n).padStart(2, '0');
const MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The Vietnam wall-clock minute 'YYYY-MM-DDTHH:mm' of an instant (Vietnam has no DST). */
export const vietnamMinuteOf = (instant: Date): string => new Date(instant.getTime() + VN_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);

/**
 * The picker works in the browser's zone: a Vietnam minute travels by its calendar fields, so the field
 * shows Vietnam time wherever the browser is.
 */
function pickerValue(minute: unknown): Date | null {
  const m = typeof minute === 'string' ? MINUTE.exec(minute) : null;
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi);
}

function minuteOfPicker(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A react-admin input for one minute in Vietnam time (Asia/Ho_Chi_Minh): the MUI X date-time picker, shown
 * and typed DD/MM/YYYY HH:mm (24-hour clock, §9), kept in the form as 'YYYY-MM-DDTHH:mm', what the schemas
 * and the API take. `future`: minutes before Vietnam's current one cannot be picked.
 */
export function VietnamMinuteInput({ source, helperText, future = false }: { source: string; helperText?: string; future?: boolean }) {
  const { field, fieldState, formState, isRequired, id } = useInput({ source });
  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  return (
    <DatePickerProvider>
      <DateTimePicker
        label={<FieldTitle source={source} isRequired={isRequired} />}
        value={pickerValue(field.value)}
        onChange={(date) => field.onChange(minuteOfPicker(date))}
        format={`${DAY_FORMAT} HH:mm`}
        ampm={false}
        {...(future ? { minDateTime: pickerValue(vietnamMinuteOf(new Date()))! } : {})}
        slotProps={{
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            error: showError,
            helperText: <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />,
          },
          field: { clearable: true },
        }}
      />
    </DatePickerProvider>
  );
}
