import { Create } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { REPORT_SETTING_TYPES, SETTING_TYPE_DEFAULT_COLUMNS, type ReportSettingType } from '@/domain/reportCenter';
import { SettingForm } from './SettingForm';
import { toBody } from './formBody';

/** report-center/report-settings/create (optional type): a new scheduled report ("Tạo lịch gửi báo cáo"). */
export default function ReportSettingCreate() {
  const [params] = useSearchParams();
  const asked = params.get('type');
  const type = (REPORT_SETTING_TYPES as readonly string[]).includes(asked ?? '') ? (asked as ReportSettingType) : undefined;
  const defaults = {
    reportType: type,
    // The columns the report's list and manual export show by default, ticked.
    columns: type ? [...SETTING_TYPE_DEFAULT_COLUMNS[type]] : [],
    storeIds: [],
    frequency: 'DAILY',
    runTime: '07:00',
    format: 'xlsx',
    isActive: true,
    recipients: '',
  };
  return (
    <Create resource="report-settings" transform={toBody} redirect="edit" mutationOptions={{ meta: {} }}>
      <SettingForm defaultValues={defaults} />
    </Create>
  );
}
