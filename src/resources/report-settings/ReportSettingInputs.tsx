import { useEffect, useMemo, useRef } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sidebarQueryOptions } from '@/authProvider/allowedRoutes';
import { allowedRouteCodesOf } from '@/authProvider/canAccess';
import { getChosenMerchantId } from '@/authProvider/session';
import type { StoreOption } from '@/domain/api';
import {
  MAX_DAY_OF_MONTH,
  REPORT_FILE_FORMATS,
  REPORT_SETTING_TYPES,
  SCHEDULE_FREQUENCIES,
  SETTING_TYPE_COLUMNS,
  SETTING_TYPE_DEFAULT_COLUMNS,
  SETTING_TYPE_ROUTE_CODES,
  type ReportSchedule,
  type ReportSettingType,
} from '@/domain/reportCenter';
import { formatDateTime } from '@/domain/format';
import { formatDay, nextRunAt, periodOf } from '@/domain/time';
import { secureLocal, StorageKeys } from '@/storage';

/** Report types with stores (disbursements belong to the merchant, not a store). */
const STORE_TYPES: readonly ReportSettingType[] = ['TRANSACTION_REPORT', 'CARD_PAYMENT_REPORT', 'NONPAID_REPORT'];

type Translate = ReturnType<typeof useTranslate>;

/** The days a run covers, in words: 'Tháng 10/2026 (01/10/2026–31/10/2026)', 'Ngày 22/11/2026', '16/11/2026–22/11/2026'. */
export function periodLabel(schedule: ReportSchedule, runAt: Date, translate: Translate): string {
  const { fromDate, toDate } = periodOf(schedule, runAt);
  const range = `${formatDay(fromDate)}–${formatDay(toDate)}`;
  if (schedule.frequency === 'MONTHLY') {
    return translate('portal.reportSettings.period.month', { month: `${fromDate.slice(5, 7)}/${fromDate.slice(0, 4)}`, range });
  }
  if (schedule.frequency === 'DAILY') return translate('portal.reportSettings.period.day', { day: formatDay(fromDate) });
  return translate('portal.reportSettings.period.week', { range });
}

/** What the next run will send: when, and the days it covers. */
function NextPeriod() {
  const translate = useTranslate();
  const [frequency, runTime, dayOfWeek, dayOfMonth] = useWatch({ name: ['frequency', 'runTime', 'dayOfWeek', 'dayOfMonth'] }) as [
    ReportSchedule['frequency'] | undefined,
    string | undefined,
    number | null | undefined,
    number | null | undefined,
  ];
  if (!frequency || !/^([01]\d|2[0-3]):[0-5]\d$/.test(runTime ?? '')) return null;
  if ((frequency === 'WEEKLY' && !dayOfWeek) || (frequency === 'MONTHLY' && !dayOfMonth)) return null;
  const schedule: ReportSchedule = { frequency, runTime: runTime!, dayOfWeek, dayOfMonth };
  const at = nextRunAt(schedule, new Date());
  return (
    <Typography variant="body2" color="text.secondary" data-testid="next-period" sx={{ mb: 2 }}>
      {translate(`portal.reportSettings.period.rule.${frequency}`)}{' '}
      {translate('portal.reportSettings.period.next', { at: formatDateTime(at), period: periodLabel(schedule, at, translate) })}
    </Typography>
  );
}

/** "Chọn tất cả" over the column checkboxes: ticks every column of the type, or none. */
function SelectAllColumns({ type }: { type: ReportSettingType }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const chosen = (useWatch({ name: 'columns' }) as string[] | undefined) ?? [];
  const all = SETTING_TYPE_COLUMNS[type];
  const count = all.filter((c) => chosen.includes(c)).length;
  const mixed = count > 0 && count < all.length;
  // MUI says "mixed" with aria-checked only: the native input's own state must say it too (axe, issue 19).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <FormControlLabel
      sx={{ mb: -1 }}
      control={
        <Checkbox
          size="small"
          inputRef={input}
          checked={count === all.length}
          indeterminate={mixed}
          onChange={(event) => setValue('columns', event.target.checked ? [...all] : [], { shouldDirty: true, shouldValidate: true })}
        />
      }
      label={translate('portal.reportSettings.selectAll')}
    />
  );
}

/** The inputs of a report setting, shared by create and edit. */
export function ReportSettingInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'reportType' }) as ReportSettingType | undefined;
  const frequency = useWatch({ name: 'frequency' }) as string | undefined;
  const sidebar = useQuery(sidebarQueryOptions(getChosenMerchantId()));
  const codes = useMemo(() => allowedRouteCodesOf(sidebar.data), [sidebar.data]);
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const types = REPORT_SETTING_TYPES.filter((t) => codes.includes(SETTING_TYPE_ROUTE_CODES[t]));

  return (
    <Stack sx={{ width: '100%', maxWidth: 720 }}>
      <TextInput source="name" label="portal.reportSettings.fields.name" fullWidth />
      <SelectInput
        source="reportType"
        label="portal.reportSettings.fields.reportType"
        choices={types.map((t) => ({ id: t, name: `portal.reportSettings.types.${t}` }))}
        // A new type starts with its report's default columns ticked (the manual export's defaults).
        onChange={(event: { target?: { value?: unknown } }) => {
          const next = event.target?.value as ReportSettingType;
          if (SETTING_TYPE_DEFAULT_COLUMNS[next]) setValue('columns', [...SETTING_TYPE_DEFAULT_COLUMNS[next]], { shouldDirty: true });
        }}
        fullWidth
      />
      {type ? (
        <>
          <SelectAllColumns type={type} />
          <CheckboxGroupInput
            source="columns"
            label="portal.reportSettings.fields.columns"
            helperText="portal.reportSettings.columnsHelp"
            choices={SETTING_TYPE_COLUMNS[type].map((c) => ({ id: c, name: translate(`portal.reports.columns.${c}`) }))}
            translateChoice={false}
          />
        </>
      ) : null}
      {type && STORE_TYPES.includes(type) && stores.length ? (
        <SelectArrayInput
          source="storeIds"
          label="portal.reportSettings.fields.storeIds"
          helperText="portal.reportSettings.storesHelp"
          choices={stores.map((s) => ({ id: s.id, name: s.storeName }))}
          translateChoice={false}
          fullWidth
        />
      ) : null}
      <RadioButtonGroupInput
        source="frequency"
        label="portal.reportSettings.fields.frequency"
        choices={SCHEDULE_FREQUENCIES.map((f) => ({ id: f, name: `portal.reportSettings.frequencies.${f}` }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="runTime" type="time" label="portal.reportSettings.fields.runTime" helperText="portal.reportSettings.timeZone" />
        {frequency === 'WEEKLY' ? (
          <SelectInput
            source="dayOfWeek"
            label="portal.reportSettings.fields.dayOfWeek"
            choices={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ id: d, name: `portal.reportSettings.weekdays.${d}` }))}
          />
        ) : null}
        {frequency === 'MONTHLY' ? (
          <SelectInput
            source="dayOfMonth"
            label="portal.reportSettings.fields.dayOfMonth"
            choices={Array.from({ length: MAX_DAY_OF_MONTH }, (_, i) => ({ id: i + 1, name: String(i + 1) }))}
            translateChoice={false}
          />
        ) : null}
      </Stack>
      <NextPeriod />
      <TextInput
        source="recipients"
        label="portal.reportSettings.fields.recipients"
        helperText="portal.reportSettings.recipientsHelp"
        multiline
        minRows={2}
        fullWidth
      />
      <RadioButtonGroupInput
        source="format"
        label="portal.reportSettings.fields.format"
        choices={REPORT_FILE_FORMATS.map((f) => ({ id: f, name: `portal.reportSettings.formats.${f}` }))}
      />
      <BooleanInput source="isActive" label="portal.reportSettings.fields.isActive" />
    </Stack>
  );
}
