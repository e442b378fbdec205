import {
  CreateButton,
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type MerchantUser } from '@/domain/api';
import { Roles } from '@/domain/roles';
import { displayStatusOf, INVITATION_STATUS_TEXT_KEYS, USER_STATUSES } from '@/domain/users';
import { InvitationStatusField, RoleField, StatusField, StoresField } from './UserFields';
import { useStoreChoices, useUserPermissions } from './useUserPermissions';

/** Spec §9 page sizes. */
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/** Filter names are the API's query parameters (docs/contract.md). */
function useUserFilters() {
  const translate = useTranslate();
  const stores = useStoreChoices();
  const search = translate('resources.users.filters.keyword');
  return [
    <SearchInput key="keyword" source="keyword" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />,
    <SelectInput
      key="role"
      source="role"
      label="resources.users.fields.role"
      alwaysOn
      emptyText="resources.users.filters.all"
      sx={{ minWidth: 200 }}
      choices={Roles.map((role) => ({ id: role, name: `resources.users.roles.${role}` }))}
    />,
    <SelectInput
      key="status"
      source="status"
      label="resources.users.fields.status"
      alwaysOn
      emptyText="resources.users.filters.all"
      sx={{ minWidth: 180 }}
      choices={USER_STATUSES.map((status) => ({ id: status, name: `resources.users.status.${status}` }))}
    />,
    <SelectInput
      key="storeId"
      source="storeId"
      label="resources.users.filters.store"
      alwaysOn
      emptyText="resources.users.filters.all"
      sx={{ minWidth: 200 }}
      choices={stores}
      translateChoice={false}
    />,
  ];
}

function ListActions() {
  const { canManage } = useUserPermissions();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

/**
 * Users of the chosen merchant (spec §2 user-management): GET …/users, paged, filtered and sorted on
 * the server. Rows open the detail page where managers change, deactivate or remove a user.
 */
export default function UserList() {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const filters = useUserFilters();
  return (
    <List
      resource="users"
      filters={filters}
      perPage={DEFAULT_PAGE_SIZE}
      sort={NEWEST_FIRST}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      actions={<ListActions />}
      exporter={false}
      storeKey="users.list"
    >
      {isSmall ? (
        <SimpleList<MerchantUser>
          linkType="edit"
          primaryText={(user) => `${user.username} · ${user.fullname}`}
          secondaryText={(user) => translate(`resources.users.roles.${user.role}`, { _: user.role })}
          tertiaryText={(user) => {
            const key = INVITATION_STATUS_TEXT_KEYS[user.invitationStatus];
            return key ? translate(key) : translate(`resources.users.status.${displayStatusOf(user)}`);
          }}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="username" />
          <DataTable.Col source="fullname" />
          <DataTable.Col source="role" disableSort field={RoleField} />
          <DataTable.Col source="stores" disableSort field={StoresField} />
          <DataTable.Col source="status" disableSort field={StatusField} />
          <DataTable.Col source="invitationStatus" disableSort field={InvitationStatusField} />
        </DataTable>
      )}
    </List>
  );
}
