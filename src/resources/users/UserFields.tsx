import { useRecordContext, useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MerchantUser } from '@/domain/api';
import { displayStatusOf, INVITATION_STATUS_TEXT_KEYS, type DisplayStatus } from '@/domain/users';

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

const STATUS_COLOURS: Record<DisplayStatus, 'success' | 'warning' | 'default'> = {
  ACTIVE: 'success',
  INACTIVE: 'default',
  PENDING: 'warning',
  NOT_JOINED: 'default',
};

/** A member's state; an invitee is pending (or not joined), never "active" before accepting. */
export function StatusField() {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  if (!record) return null;
  const status = displayStatusOf(record);
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`resources.users.status.${status}`)} data-status={status} />;
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
