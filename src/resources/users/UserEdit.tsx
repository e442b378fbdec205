import { useState } from 'react';
import {
  Edit,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
  Labeled,
} from 'react-admin';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import type { MerchantUser } from '@/domain/api';
import { canGrantRole, highestRank, isAssignableRole } from '@/domain/permissions';
import { updateUserSchema, type UserStateRequest } from '@/domain/users';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { getRole } from '@/authProvider/session';
import { validateWithSchema } from '@/domain/formErrors';
import { withoutEmpty } from './formValidation';
import { InvitationStatusField, StatusField } from './UserFields';
import { RoleInput, StoreListInput } from './UserInputs';
import { UserAudit } from './UserAudit';
import { useUserPermissions } from './useUserPermissions';

/** What the caller may change on this user: the same §6 checks the server makes. */
function useEditRights(record: MerchantUser | undefined) {
  const { canManage, grantable, ownUserId } = useUserPermissions();
  const callerRoles = getRole()?.merchant.roles ?? [];
  if (!record || !canManage) return { canEdit: false, canChangeRole: false, isSelf: false, grantable };
  const isSelf = record.id === ownUserId;
  const canEdit = highestRank(record.roles) <= highestRank(callerRoles);
  const canChangeRole =
    canEdit && !isSelf && record.roles.length === 1 && isAssignableRole(record.role) && canGrantRole(callerRoles, record.role);
  return { canEdit, canChangeRole, isSelf, grantable };
}

const UPDATE_FIELDS = ['fullname', 'email', 'role', 'storeList'] as const;

/** The update body: role and stores only when the caller may change them (the server checks again). */
function toUpdateBody(values: Record<string, unknown>, canChangeRole: boolean) {
  const body: Record<string, unknown> = { reqType: 'update', ...withoutEmpty(values, UPDATE_FIELDS) };
  if (body.email === undefined) body.email = '';
  if (!canChangeRole) {
    delete body.role;
    delete body.storeList;
  }
  return body;
}

/**
 * User detail (spec §2 user-management/user/:id): update (reqType 'update'), deactivate, reactivate,
 * cancel a waiting invitation and remove (with the confirm dialog), and the audit trail.
 */
export default function UserEdit() {
  return (
    <Edit resource="users" mutationMode="pessimistic" redirect={false} actions={false}>
      <UserEditForm />
      <UserAudit />
    </Edit>
  );
}

function UserEditForm() {
  const record = useRecordContext<MerchantUser>();
  const { canEdit, canChangeRole, grantable } = useEditRights(record);
  if (!record) return null;
  const validate = validateWithSchema(updateUserSchema, { prepare: (values) => toUpdateBody(values, canChangeRole), depth: 'input' });
  return (
    <SimpleForm
      validate={validate}
      disabled={!canEdit}
      toolbar={<UserEditToolbar canEdit={canEdit} canChangeRole={canChangeRole} />}
      sx={{ maxWidth: 720 }}
    >
      <Stack direction="row" spacing={6} sx={{ mb: 4, flexWrap: 'wrap' }}>
        <Labeled source="username">
          <TextField source="username" />
        </Labeled>
        <Labeled source="status">
          <StatusField />
        </Labeled>
        <Labeled source="invitationStatus">
          <InvitationStatusField />
        </Labeled>
      </Stack>
      <TextInput source="fullname" fullWidth disabled={!canEdit} />
      <TextInput source="email" fullWidth disabled={!canEdit} />
      <RoleInput grantable={canChangeRole ? grantable : [record.role as (typeof grantable)[number]]} disabled={!canChangeRole} />
      {canChangeRole && <StoreListInput />}
    </SimpleForm>
  );
}

function UserEditToolbar({ canEdit, canChangeRole }: { canEdit: boolean; canChangeRole: boolean }) {
  const record = useRecordContext<MerchantUser>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [update, { isPending }] = useUpdate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<UserStateRequest | null>(null);
  const { isSelf } = useEditRights(record);
  if (!record || !canEdit) return null;

  const run = (reqType: UserStateRequest) =>
    update(
      'users',
      { id: record.id, data: { reqType }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`resources.users.notifications.${reqType}`, { type: 'success' });
          if (reqType === 'remove') {
            // useUpdate wrote the removed user back into the cached lists as fresh; a removal
            // must leave them, so the list the owner lands on never shows whom they just removed.
            void queryClient.invalidateQueries({ queryKey: ['users'] });
            redirect('list', 'users');
          }
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
        onSettled: () => setConfirming(null),
      },
    );

  const member = record.invitationStatus === 'ACCEPT';
  return (
    <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
      <SaveButton transform={(values) => toUpdateBody(values, canChangeRole)} />
      {member && record.status === 'ACTIVE' && !isSelf && (
        <Button variant="outlined" onClick={() => setConfirming('deactivate')} disabled={isPending}>
          {translate('resources.users.actions.deactivate')}
        </Button>
      )}
      {member && record.status === 'INACTIVE' && (
        <Button variant="outlined" onClick={() => setConfirming('reactivate')} disabled={isPending}>
          {translate('resources.users.actions.reactivate')}
        </Button>
      )}
      {record.invitationStatus === 'WAITING' && (
        <Button variant="outlined" onClick={() => setConfirming('cancelInvitation')} disabled={isPending}>
          {translate('resources.users.actions.cancelInvitation')}
        </Button>
      )}
      {!isSelf && (
        <Button variant="outlined" color="error" onClick={() => setConfirming('remove')} disabled={isPending}>
          {translate('resources.users.actions.remove')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming !== null}
        loading={isPending}
        destructive={confirming === 'remove'}
        onConfirm={() => confirming && void run(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Toolbar>
  );
}
