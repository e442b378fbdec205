import { useState } from 'react';
import {
  Create,
  Form,
  PasswordInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import { createUserSchema, inviteUserSchema, isStoreRole, type InviteHolder, type InviteUserInput } from '@/domain/users';
import { validateWithSchema } from '@/domain/formErrors';
import { withoutEmpty } from './formValidation';
import { RoleInput, StoreListInput } from './UserInputs';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { useUserPermissions } from './useUserPermissions';
import { AccessDeniedNotice } from './AccessDeniedNotice';

const CREATE_FIELDS = ['username', 'fullname', 'password', 'passwordConfirm', 'role', 'storeList', 'email'] as const;
const INVITE_FIELDS = ['account', 'role', 'storeList'] as const;

/** The store list is sent only for a store role: a merchant-wide role has none. */
function toBody(values: Record<string, unknown>, fields: readonly string[]) {
  const body = withoutEmpty(values, fields);
  if (!isStoreRole(body.role)) delete body.storeList;
  return body;
}
const toCreateBody = (values: Record<string, unknown>) => toBody(values, CREATE_FIELDS);
const toInviteBody = (values: Record<string, unknown>) => toBody(values, INVITE_FIELDS);

// depth 'input': an error inside the store list (storeList.0) belongs to the store picker.
const validateCreate = validateWithSchema(createUserSchema, { prepare: toCreateBody, depth: 'input' });
const validateInvite = validateWithSchema(inviteUserSchema, { prepare: toInviteBody, depth: 'input' });

type Mode = 'create' | 'invite';

/**
 * Spec §3 user creation (user-management/create), or the invitation of an existing wallet user, which
 * asks 'Bạn xác nhận sẽ gửi lời mời đến nhân viên này?' before sending.
 */
export default function UserCreate() {
  const translate = useTranslate();
  const { canManage, grantable } = useUserPermissions();
  const [mode, setMode] = useState<Mode>('create');
  if (!canManage) return <AccessDeniedNotice />;
  return (
    <Stack spacing={4} sx={{ mt: 2 }}>
      {mode === 'invite' && <Title title="resources.users.page.invite" />}
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={mode}
        onChange={(_event, value: Mode | null) => value && setMode(value)}
        aria-label={translate('resources.users.mode.label')}
      >
        <ToggleButton value="create">{translate('resources.users.mode.create')}</ToggleButton>
        <ToggleButton value="invite">{translate('resources.users.mode.invite')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'create' ? (
        <Create resource="users" redirect="list" transform={toCreateBody}>
          <SimpleForm validate={validateCreate} sx={{ maxWidth: 640 }}>
            <TextInput source="username" fullWidth autoComplete="off" />
            <TextInput source="fullname" fullWidth />
            <PasswordInput source="password" fullWidth autoComplete="new-password" />
            <PasswordInput source="passwordConfirm" fullWidth autoComplete="new-password" />
            <RoleInput grantable={grantable} />
            <StoreListInput />
            <TextInput source="email" fullWidth />
          </SimpleForm>
        </Create>
      ) : (
        <InviteForm />
      )}
    </Stack>
  );
}

function InviteForm() {
  const translate = useTranslate();
  const api = usePortalApi();
  const notify = useNotify();
  const redirect = useRedirect();
  const { grantable } = useUserPermissions();
  /** The invitation to confirm, with the wallet holder it reaches (masked), looked up before the dialog opens. */
  const [pending, setPending] = useState<{ body: InviteUserInput; holder: InviteHolder } | null>(null);
  const [sending, setSending] = useState(false);
  /** No account for what was typed (or no account verified that phone): said next to the field, not only in a toast. */
  const [notFound, setNotFound] = useState<string | null>(null);

  /** The phone normalised as the server will read it (+84, spaces, dots → 0…), then whose wallet it is. */
  const lookUp = async (values: Record<string, unknown>) => {
    const body = inviteUserSchema.parse(toInviteBody(values));
    setNotFound(null);
    try {
      setPending({ body, holder: await api.getInviteHolder(body.account) });
    } catch (error) {
      setNotFound((error as Error).message || translate('portal.http.error'));
    }
  };

  const send = async () => {
    if (!pending) return;
    setSending(true);
    setNotFound(null);
    try {
      await api.inviteUser(pending.body);
      notify('resources.users.notifications.invited', { type: 'success' });
      redirect('list', 'users');
    } catch (error) {
      // The httpClient has shown the server's message; the form stays for a correction.
      if ((error as { status?: number }).status === 404) setNotFound((error as Error).message);
    } finally {
      setSending(false);
      setPending(null);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography sx={{ color: 'text.secondary' }}>{translate('resources.users.invite.help')}</Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{translate('resources.users.invite.verifiedPhone')}</Typography>
        {notFound && (
          <Alert severity="warning" role="alert" sx={{ mb: 4, maxWidth: 640 }}>
            {notFound}
          </Alert>
        )}
        <Form
          resource="users"
          validate={validateInvite}
          onSubmit={lookUp}
        >
          <Box sx={{ maxWidth: 640 }}>
            <TextInput source="account" label="resources.users.fields.account" fullWidth />
            <RoleInput grantable={grantable} />
            <StoreListInput />
          </Box>
          <Toolbar>
            <SaveButton label="resources.users.invite.send" icon={<SendOutlined data-testid="send-icon" />} alwaysEnable />
          </Toolbar>
        </Form>
        <ConfirmDialog
          open={pending !== null}
          loading={sending}
          content={
            pending && (
              <>
                <Typography component="span" sx={{ display: 'block', mb: 2 }} data-testid="invite-holder">
                  {pending.holder.maskedPhone
                    ? translate('resources.users.invite.holderPhone', { name: pending.holder.maskedName, phone: pending.holder.maskedPhone })
                    : translate('resources.users.invite.holder', { name: pending.holder.maskedName })}
                </Typography>
                {translate(ConfirmMessageKeys.sendInvitation)}
              </>
            )
          }
          onConfirm={() => void send()}
          onClose={() => setPending(null)}
        />
      </CardContent>
    </Card>
  );
}
