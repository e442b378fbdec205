import { useMemo } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
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
  SETTING_TYPE_ROUTE_CODES,
  type ReportSettingType,
} from '@/domain/reportCenter';
import { secureLocal, StorageKeys } from '@/storage';

/** Report types with stores (disbursements belong to the merchant, not a store). */
const STORE_TYPES: readonly ReportSettingType[] = ['TRANSACTION_REPORT', 'CARD_PAYMENT_REPORT', 'NONPAID_REPORT'];

/** The inputs of a report setting, shared by create and edit. */
export function ReportSettingInputs() {
  const translate = useTranslate();
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
        fullWidth
      />
      {type ? (
        <CheckboxGroupInput
          source="columns"
          label="portal.reportSettings.fields.columns"
          choices={SETTING_TYPE_COLUMNS[type].map((c) => ({ id: c, name: translate(`portal.reports.columns.${c}`) }))}
          translateChoice={false}
        />
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
