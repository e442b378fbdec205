import {
  BooleanField,
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';

/** Spec §9 page sizes. */
const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

/** The API filters by `keyword` and `isActive` (docs/contract.md), so the inputs use those names. */
const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn placeholder="resources.stores.filters.keyword" />,
  <SelectInput
    key="isActive"
    source="isActive"
    label="resources.stores.filters.isActive"
    alwaysOn
    emptyText="resources.stores.filters.all"
    choices={[
      { id: 'true', name: 'resources.stores.filters.active' },
      { id: 'false', name: 'resources.stores.filters.inactive' },
    ]}
  />,
];

function StoreEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 12 }}>
      <StorefrontOutlined sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>{translate('resources.stores.empty')}</Typography>
    </Box>
  );
}

/**
 * Offline stores (spec §2 offline-stores) of the chosen merchant: GET /profile/v2/merchants/:merchantId/stores.
 * The API does not sort, so columns are not sortable (a sortable header that does nothing would mislead).
 */
export default function StoreList() {
  return (
    <List
      resource="stores"
      filters={filters}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      exporter={false}
      empty={<StoreEmpty />}
      disableSyncWithLocation={false}
      storeKey="stores.list"
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="storeId" disableSort />
        <DataTable.Col source="storeName" disableSort />
        <DataTable.Col source="storePhoneNumber" disableSort />
        <DataTable.Col source="storeSlug" disableSort />
        <DataTable.NumberCol source="storeStateCode" disableSort options={{ useGrouping: false }} />
        <DataTable.Col source="address" disableSort />
        <DataTable.Col source="isActive" disableSort field={BooleanField} />
        <DataTable.Col source="isClaimedOa" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

