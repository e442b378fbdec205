import { BooleanField, CreateButton, DataTable, List, Pagination, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { formatDateTime } from '@/domain/format';
import { useSearchParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { REPORT_SETTING_TYPES, type ReportSetting, type ReportSettingType } from '@/domain/reportCenter';
import { GeneratedReports } from '@/features/report-center/GeneratedReports';
import { PAGE_SIZES } from '@/domain/api';
import { usePathOf } from '@/resourceConfig';


/** The schedule in words: 'Hằng tuần, Thứ Hai, 08:30'. */
function Schedule({ record }: { record: ReportSetting }) {
  const translate = useTranslate();
  const day =
    record.frequency === 'WEEKLY'
      ? `, ${translate(`portal.reportSettings.weekdays.${record.dayOfWeek}`)}`
      : record.frequency === 'MONTHLY'
        ? `, ${translate('portal.reportSettings.dayN', { day: record.dayOfMonth })}`
        : '';
  return <>{`${translate(`portal.reportSettings.frequencies.${record.frequency}`)}${day}, ${record.runTime}`}</>;
}

/** report-center/report-settings (optional type query): the merchant's scheduled reports and their files. */
export default function ReportSettingList() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const [params] = useSearchParams();
  const asked = params.get('type');
  const type = (REPORT_SETTING_TYPES as readonly string[]).includes(asked ?? '') ? (asked as ReportSettingType) : undefined;
  // On a phone a card per setting (name, type, schedule, next run), each opening its edit page.
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const editPath = (id: unknown) => pathOf('report-settings', 'edit', { id: String(id) });
  return (
    <Stack spacing={2}>
      <List
        resource="report-settings"
        filter={type ? { type } : undefined}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton
              resource="report-settings"
              to={pathOf('report-settings', 'create', {}, { type })}
              label="portal.reportSettings.create"
            />
          </TopToolbar>
        }
        empty={false}
        storeKey={`report-settings.list.${type ?? 'all'}`}
        title={translate('resources.report-settings.name')}
      >
        {isSmall ? (
          <SimpleList<ReportSetting>
            rowClick={(id) => editPath(id)}
            primaryText={(r) => r.name}
            secondaryText={(r) => (
              <>
                {translate(`portal.reportSettings.types.${r.reportType}`)} · <Schedule record={r} />
              </>
            )}
            tertiaryText={(r) => (r.nextRunAt ? formatDateTime(r.nextRunAt) : translate('portal.reportSettings.paused'))}
          />
        ) : (
        <DataTable bulkActionButtons={false} rowClick={(id) => editPath(id)}>
          <DataTable.Col source="name" label="portal.reportSettings.fields.name" disableSort />
          <DataTable.Col
            source="reportType"
            label="portal.reportSettings.fields.reportType"
            disableSort
            render={(r: ReportSetting) => translate(`portal.reportSettings.types.${r.reportType}`)}
          />
          <DataTable.Col source="frequency" label="portal.reportSettings.fields.frequency" disableSort render={(r: ReportSetting) => <Schedule record={r} />} />
          <DataTable.Col source="recipients" label="portal.reportSettings.fields.recipients" disableSort render={(r: ReportSetting) => r.recipients.join(', ')} />
          <DataTable.Col
            source="nextRunAt"
            label="portal.reportSettings.fields.nextRunAt"
            disableSort
            render={(r: ReportSetting) => (r.nextRunAt ? formatDateTime(r.nextRunAt) : '-')}
          />
          <DataTable.Col source="isActive" label="portal.reportSettings.fields.isActive" disableSort field={BooleanField} />
        </DataTable>
        )}
      </List>
      <GeneratedReports type={type} />
    </Stack>
  );
}
