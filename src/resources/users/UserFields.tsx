import { useRecordContext, useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MerchantUser } from '@/domain/api';
import { INVITATION_STATUS_TEXT_KEYS } from '@/domain/users';

/** The role translated (resources.users.roles.<ROLE>); unknown roles show their code. */
export function RoleField() {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`resources.users.roles.${record.role}`, { _: record.role })}</>;
}

export function StoresField() {
  const record = useRecordContext<MerchantUser>();
  if (!record?.stores.length) return null;
  return <>{record.stores.map((s) => s.storeName).join(', ')}</>;
}

export function StatusField() {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.status === 'ACTIVE' ? 'success' : 'default'}
      label={translate(`resources.users.status.${record.status}`)}
    />
  );
}

/** §4 display texts; an accepted member shows nothing. */
export function InvitationStatusField() {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  const key = record ? INVITATION_STATUS_TEXT_KEYS[record.invitationStatus] : null;
  if (!key) return null;
  return (
    <Stack direction="row">
      <Chip size="small" variant="outlined" color={record?.invitationStatus === 'WAITING' ? 'warning' : 'default'} label={translate(key)} />
    </Stack>
  );
}
