import { CreateButton, DataTable, List, Pagination, SearchInput, SelectInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { CAMPAIGN_STATUSES } from '@/domain/promotions';
import { BudgetField, PeriodField, SpentField, StatusField } from './CampaignFields';
import { PAGE_SIZES } from '@/domain/api';
import { ScrollRegion } from '@/components/ScrollRegion';
import { usePathOf } from '@/resourceConfig';

function useCampaignFilters() {
  const translate = useTranslate();
  const search = translate('resources.promotions.filters.keyword');
  return [
    <SearchInput key="keyword" source="keyword" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />,
    <SelectInput
      key="status"
      source="status"
      label="resources.promotions.fields.status"
      alwaysOn
      emptyText="resources.promotions.filters.all"
      sx={{ minWidth: 200 }}
      choices={CAMPAIGN_STATUSES.map((status) => ({ id: status, name: `resources.promotions.status.${status}` }))}
    />,
  ];
}

/** The campaign's name is a real link to it (a new tab, announced as a link); the row's click goes there too. */
function NameCell() {
  const record = useRecordContext<{ id: number | string; name: string }>();
  const pathOf = usePathOf();
  if (!record) return null;
  return (
    <Link component={RouterLink} to={pathOf('promotions', 'show', { id: record.id })}>
      {record.name}
    </Link>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton resource="promotions" label="resources.promotions.actions.create" />
    </TopToolbar>
  );
}

/** My campaigns (spec §2 services/promotion/my-campaigns): latest start first, paged and filtered on the server. */
export default function CampaignList() {
  const translate = useTranslate();
  const filters = useCampaignFilters();
  return (
    <List
      resource="promotions"
      filters={filters}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      actions={<ListActions />}
      exporter={false}
      storeKey="promotions.list"
      // An empty list keeps its toolbar: "Tạo chương trình" is what a merchant with no campaign needs.
      empty={false}
    >
      <ScrollRegion label={translate('resources.promotions.name')}>
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="code" disableSort />
          <DataTable.Col source="name" disableSort field={NameCell} />
          <DataTable.Col source="period" label="resources.promotions.fields.period" disableSort field={PeriodField} />
          <DataTable.Col source="status" disableSort field={StatusField} />
          <DataTable.Col source="budget" disableSort field={BudgetField} align="right" />
          <DataTable.Col source="spentAmount" disableSort field={SpentField} align="right" />
          <DataTable.NumberCol source="giftCount" disableSort />
        </DataTable>
      </ScrollRegion>
    </List>
  );
}
