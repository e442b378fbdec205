import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { canDo, PAGE_ROLES, type PageRole } from '@/domain/businessPages';
import type { BusinessPage } from '@/dataProvider/api/businessPages';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { pageKey, R } from './shared';

/** permissions/create: grant a page role to one of the staff who open business pages. */
function GrantForm({ page, onDone }: { page: BusinessPage; onDone: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const { data: candidates } = useQuery({ queryKey: [...pageKey(page.id), 'candidates'], queryFn: () => api.getBusinessPageRoleCandidates(page.id) });
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<PageRole | ''>('');
  const grant = async () => {
    if (!userId || !role) return;
    try {
      await api.grantBusinessPageRole(page.id, Number(userId), role);
      onDone();
    } catch {
      // The httpClient has shown the server's message.
    }
  };
  if (!candidates) return <PageLoader />;
  return (
    <Paper variant="outlined" component="section" aria-label={translate(`${R}.permissions.create`)} sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {translate(`${R}.permissions.create`)}
      </Typography>
      {candidates.length === 0 ? (
        <Alert severity="info">{translate(`${R}.permissions.noCandidates`)}</Alert>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField select size="small" sx={{ minWidth: 240 }} label={translate(`${R}.permissions.user`)} value={userId} onChange={(e) => setUserId(e.target.value)}>
            {candidates.map((c) => (
              <MenuItem key={c.userId} value={String(c.userId)}>
                {c.name} ({c.username})
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" sx={{ minWidth: 200 }} label={translate(`${R}.permissions.role`)} value={role} onChange={(e) => setRole(e.target.value as PageRole)}>
            {PAGE_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`${R}.roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={!userId || !role} onClick={() => void grant()}>
            {translate(`${R}.permissions.grant`)}
          </Button>
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate(`${R}.permissions.rules`)}
      </Typography>
    </Paper>
  );
}

/** business-page/{id}/permissions: who holds which page role; page admins grant and remove. */
export function PagePermissions({ page, creating }: { page: BusinessPage; creating: boolean }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const key = [...pageKey(page.id), 'members'];
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => api.getBusinessPageMembers(page.id) });
  const mayManage = canDo(page.myRole, 'managePermissions');
  const list = pathOf('business-page-permissions', 'page', { id: page.id });
  const revoke = async (userId: number) => {
    try {
      await api.revokeBusinessPageRole(page.id, userId);
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  if (isPending) return <PageLoader />;
  if (isError) return <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>;
  return (
    <>
      {mayManage && creating && (
        <GrantForm
          page={page}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: key });
            navigate(list);
          }}
        />
      )}
      {mayManage && !creating && (
        <Button variant="contained" component={RouterLink} to={pathOf('business-page-permission-create', 'page', { id: page.id })} sx={{ mb: 2 }}>
          {translate(`${R}.permissions.create`)}
        </Button>
      )}
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`${R}.permissions.owners`)}
      </Alert>
      {data.length === 0 ? (
        <Alert severity="info">{translate(`${R}.permissions.empty`)}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${R}.tabs.permissions`)}>
            <TableHead>
              <TableRow>
                {['user', 'role', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${R}.permissions.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((m) => (
                <TableRow key={m.userId}>
                  <TableCell>
                    {m.name} ({m.username})
                  </TableCell>
                  <TableCell>{translate(`${R}.roles.${m.pageRole}`)}</TableCell>
                  <TableCell>
                    {mayManage && (
                      <Button size="small" color="error" onClick={() => void revoke(m.userId)} aria-label={`${translate(`${R}.permissions.revoke`)} ${m.username}`}>
                        {translate(`${R}.permissions.revoke`)}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
