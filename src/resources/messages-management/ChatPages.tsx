import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';

export const R = 'resources.messages-management';

/** Spec §2 messages-management: the pages the caller chats for, with unread and open conversations. */
export default function ChatPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = getLanguage();
  const { data, isPending, isError } = useQuery({ queryKey: ['live-chat', 'pages'], queryFn: () => api.liveChatPages() });
  return (
    <>
      <Title title={translate(`${R}.name`)} />
      <Box sx={{ mt: 2 }} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate(`${R}.noPages`)}</Alert>}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${R}.name`)}>
            <TableHead>
              <TableRow>
                {(['page', 'unread', 'open', 'actions'] as const).map((c) => (
                  <TableCell key={c}>{translate(`${R}.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>{page.name}</TableCell>
                  <TableCell>{formatNumber(page.unreadConversations, lng)}</TableCell>
                  <TableCell>{formatNumber(page.open, lng)}</TableCell>
                  <TableCell>
                    <Button size="small" component={RouterLink} to={pathOf('messages-client', 'page', { id: page.id })} aria-label={`${translate(`${R}.openInbox`)} ${page.name}`}>
                      {translate(`${R}.openInbox`)}
                    </Button>
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
