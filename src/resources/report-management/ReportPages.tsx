import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
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
import { usePathOf } from '@/resourceConfig';
import { R, useReportPages } from './shared';

/** The merchant's pages whose reports the caller may open; each opens its overview. */
export default function ReportPages() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const { data, isPending, isError } = useReportPages();
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
                <TableCell>{translate(`${R}.columns.page`)}</TableCell>
                <TableCell>{translate(`${R}.columns.status`)}</TableCell>
                <TableCell>{translate(`${R}.columns.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>{page.name}</TableCell>
                  <TableCell>{translate(`${R}.pageStatus.${page.status}`, { _: page.status })}</TableCell>
                  <TableCell>
                    <Button size="small" component={RouterLink} to={pathOf('report-overview', 'page', { id: page.id })} aria-label={`${translate('resources.report-overview.name')} ${page.name}`}>
                      {translate('resources.report-overview.name')}
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
