import { AutocompleteArrayInput, FieldTitle, InputHelperText, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ADVANCED_ASSIGNABLE_ROLES, COMMON_ASSIGNABLE_ROLES } from '@/domain/permissions';
import type { Role } from '@/domain/roles';
import { isStoreRole } from '@/domain/users';
import { useStoreChoices } from './useUserPermissions';

/**
 * The §6 role picker: common roles, then advanced ones, each under its group heading; only the
 * assignable roles the signed-in user may grant (never a non-assignable or higher role).
 */
export function RoleInput({ grantable, disabled }: { grantable: readonly Role[]; disabled?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source: 'role' });
  const groups = [
    { key: 'common', roles: COMMON_ASSIGNABLE_ROLES.filter((r) => grantable.includes(r)) },
    { key: 'advanced', roles: ADVANCED_ASSIGNABLE_ROLES.filter((r) => grantable.includes(r)) },
  ].filter((g) => g.roles.length);
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      select
      {...field}
      value={field.value ?? ''}
      id="role"
      disabled={disabled}
      fullWidth
      label={<FieldTitle label="resources.users.fields.role" source="role" resource="users" isRequired={isRequired} />}
      error={!!error}
      helperText={error ? <InputHelperText error={error} /> : ' '}
      slotProps={{ select: { renderValue: (value) => (value ? translate(`resources.users.roles.${String(value)}`) : '') } }}
    >
      {groups.flatMap((group) => [
        <ListSubheader key={group.key}>{translate(`resources.users.roleGroups.${group.key}`)}</ListSubheader>,
        ...group.roles.map((role) => (
          <MenuItem key={role} value={role}>
            {translate(`resources.users.roles.${role}`)}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}

/** Only store roles are limited to stores (§6), so the picker shows for them alone. */
export function StoreListInput() {
  const role = useWatch({ name: 'role' });
  const stores = useStoreChoices();
  if (!isStoreRole(role)) return null;
  return <AutocompleteArrayInput source="storeList" choices={stores} translateChoice={false} fullWidth />;
}
