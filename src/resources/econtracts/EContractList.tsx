import { DataTable, List, Pagination, SelectInput, SimpleList, useTranslate } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ECONTRACT_STATUSES, ECONTRACT_TYPES, type EContract } from '@/domain/econtracts';
import { formatDateTime } from '@/domain/format';
import { SignedAtField, SignerField, StatusField, TypeField } from './EContractFields';
import { PAGE_SIZES } from '@/domain/api';

/** Spec §9 page sizes. */

/** Filter names are the API's query parameters. */
const filters = [
  <SelectInput
    key="status"
    source="status"
    label="resources.econtracts.fields.status"
    alwaysOn
    emptyText="resources.econtracts.filters.all"
    sx={{ minWidth: 180 }}
    choices={ECONTRACT_STATUSES.map((status) => ({ id: status, name: `portal.econtract.status.${status}` }))}
  />,
  <SelectInput
    key="type"
    source="type"
    label="resources.econtracts.fields.type"
    alwaysOn
    emptyText="resources.econtracts.filters.all"
    sx={{ minWidth: 240 }}
    choices={ECONTRACT_TYPES.map((type) => ({ id: type, name: `portal.econtract.types.${type}` }))}
  />,
];

/**
 * The chosen merchant's contracts (spec §2 econtract-management), newest first, paged on the server:
 * type, version, status, signed at, signer. A row opens the contract.
 */
export default function EContractList() {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  return (
    <List
      resource="econtracts"
      filters={filters}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      actions={false}
      exporter={false}
      storeKey="econtracts.list"
    >
      {isSmall ? (
        <SimpleList<EContract>
          linkType="show"
          primaryText={(c) => `${c.contractNo} · ${translate(`portal.econtract.types.${c.type}`, { _: c.type })}`}
          secondaryText={(c) => translate(`portal.econtract.status.${c.status}`)}
          tertiaryText={(c) => (c.signedAt ? formatDateTime(c.signedAt) : '')}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="contractNo" disableSort />
          <DataTable.Col source="type" disableSort field={TypeField} />
          <DataTable.Col source="version" disableSort />
          <DataTable.Col source="status" disableSort field={StatusField} />
          <DataTable.Col source="signedAt" disableSort field={SignedAtField} />
          <DataTable.Col source="signer" disableSort field={SignerField} />
        </DataTable>
      )}
    </List>
  );
}
