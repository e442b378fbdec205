import { DataTable, List, Pagination, SearchInput, SelectArrayInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { REGISTRATION_STATUSES, type MerchantService } from '@/domain/services';
import { RegisterServiceButton, ServiceLinks, ServiceStatusChip } from './ServiceFields';
import { PAGE_SIZES } from '@/domain/api';
import { ScrollRegion } from '@/components/ScrollRegion';
import { usePathOf } from '@/resourceConfig';

/** Spec §9: service list page size 20, first page 0 (react-admin's page 1). */
const SERVICE_PAGE_SIZE = 20;

function useServiceFilters() {
  const translate = useTranslate();
  const search = translate('resources.services.filters.keyword');
  return [
    <SearchInput key="keyword" source="keyword" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />,
    <SelectArrayInput
      key="activationStatuses"
      source="activationStatuses"
      label="resources.services.fields.status"
      alwaysOn
      sx={{ minWidth: 220 }}
      choices={REGISTRATION_STATUSES.map((status) => ({ id: status, name: `resources.services.status.${status}` }))}
    />,
    <SelectInput
      key="eligibleToSubscribe"
      source="eligibleToSubscribe"
      label="resources.services.filters.eligibleToSubscribe"
      alwaysOn
      emptyText="resources.services.filters.all"
      sx={{ minWidth: 200 }}
      choices={[
        { id: 'true', name: 'resources.services.filters.eligible' },
        { id: 'false', name: 'resources.services.filters.notEligible' },
      ]}
    />,
  ];
}

function StatusCell() {
  const record = useRecordContext<MerchantService>();
  return record ? <ServiceStatusChip service={record} /> : null;
}

/** The service's name is a real link to it (a new tab, announced as a link); the row's click goes there too. */
function NameCell() {
  const record = useRecordContext<MerchantService>();
  const pathOf = usePathOf();
  if (!record) return null;
  return (
    <Link component={RouterLink} to={pathOf('services', 'show', { id: record.id })}>
      {record.name}
    </Link>
  );
}

function ActionsCell() {
  const record = useRecordContext<MerchantService>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RegisterServiceButton service={record} />
      <ServiceLinks service={record} />
    </Stack>
  );
}

/**
 * Spec §2 service-management: the catalogue with this merchant's registrations (GET …/services, paged
 * and filtered on the server). What each row offers follows the §4 flags, computed by the server.
 */
export default function ServiceList() {
  const translate = useTranslate();
  const filters = useServiceFilters();
  return (
    <List
      resource="services"
      filters={filters}
      perPage={SERVICE_PAGE_SIZE}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      actions={false}
      exporter={false}
      storeKey="services.list"
    >
      <ScrollRegion label={translate('resources.services.name')}>
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="code" disableSort />
          <DataTable.Col source="name" disableSort field={NameCell} />
          <DataTable.Col source="summary" disableSort />
          <DataTable.Col source="status" disableSort field={StatusCell} />
          <DataTable.Col source="actions" label="resources.services.fields.actions" disableSort field={ActionsCell} />
        </DataTable>
      </ScrollRegion>
    </List>
  );
}
