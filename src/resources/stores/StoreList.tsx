import {
  BooleanField,
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type StoreListItem } from '@/domain/api';
import StoreExportButton from './StoreExportButton';
import StoreQrButton from './StoreQrButton';
import StoreQrGenerate from './StoreQrGenerate';

/** Spec §9 page sizes. */

/** The API filters by `keyword` and `isActive` (docs/contract.md), so the inputs use those names. */
function useStoreFilters() {
  const translate = useTranslate();
  const search = translate('resources.stores.filters.keyword');
  return [
    <SearchInput key="keyword" source="keyword" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />,
    <SelectInput
      key="isActive"
      source="isActive"
      label="resources.stores.filters.isActive"
      alwaysOn
      emptyText="resources.stores.filters.all"
      sx={{ minWidth: 220 }}
      choices={[
        { id: 'true', name: 'resources.stores.filters.active' },
        { id: 'false', name: 'resources.stores.filters.inactive' },
      ]}
    />,
  ];
}

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
 * Newest first by default; the API sorts by the columns in STORE_SORT_FIELDS (the export follows the same order).
 * Below md, eight columns do not fit: each store becomes a two-line row instead.
 */
const NEWEST_FIRST = { field: 'id', order: 'DESC' } as const;

export default function StoreList() {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const filters = useStoreFilters();
  return (
    <List
      resource="stores"
      filters={filters}
      perPage={DEFAULT_PAGE_SIZE}
      sort={NEWEST_FIRST}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      // The server exports every row the filter selects; react-admin's exporter would stop at a page of rows.
      exporter={false}
      actions={
        <TopToolbar>
          <StoreQrGenerate />
          <StoreExportButton />
        </TopToolbar>
      }
      empty={<StoreEmpty />}
      storeKey="stores.list"
    >
      {isSmall ? (
        <SimpleList<StoreListItem>
          linkType={false}
          rightIcon={(store) => <StoreQrButton store={store} />}
          primaryText={(store) => store.storeName}
          secondaryText={(store) => store.address}
          tertiaryText={(store) =>
            store.isActive ? translate('resources.stores.filters.active') : translate('resources.stores.filters.inactive')
          }
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="storeId" disableSort />
          <DataTable.Col source="storeName" disableSort />
          <DataTable.Col source="storePhoneNumber" disableSort />
          <DataTable.Col source="storeSlug" disableSort />
          <DataTable.Col source="address" disableSort />
          <DataTable.Col source="isActive" disableSort field={BooleanField} />
          <DataTable.Col source="isClaimedOa" disableSort field={BooleanField} />
          <DataTable.Col label="resources.stores.qr.column" disableSort render={(store: StoreListItem) => <StoreQrButton store={store} />} />
        </DataTable>
      )}
    </List>
  );
}
