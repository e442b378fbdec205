import { Create, SimpleForm } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { REPORT_SETTING_TYPES, SETTING_TYPE_COLUMNS, type ReportSettingType } from '@/domain/reportCenter';
import { ReportSettingInputs } from './ReportSettingInputs';
import { toBody, validateSetting } from './formBody';

/** report-center/report-settings/create (optional type): a new scheduled report. */
export default function ReportSettingCreate() {
  const [params] = useSearchParams();
  const asked = params.get('type');
  const type = (REPORT_SETTING_TYPES as readonly string[]).includes(asked ?? '') ? (asked as ReportSettingType) : undefined;
  const defaults = {
    reportType: type,
    columns: type ? [...SETTING_TYPE_COLUMNS[type]] : [],
    storeIds: [],
    frequency: 'DAILY',
    runTime: '07:00',
    format: 'xlsx',
    isActive: true,
    recipients: '',
  };
  return (
    <Create resource="report-settings" transform={toBody} redirect="edit" mutationOptions={{ meta: {} }}>
      <SimpleForm defaultValues={defaults} validate={validateSetting} mode="onBlur" reValidateMode="onChange">
        <ReportSettingInputs />
      </SimpleForm>
    </Create>
  );
}
