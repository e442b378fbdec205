import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PageLoader } from '@/components/PageLoader';

export interface PageListColumn<T> {
  key: string;
  cell: (page: T) => ReactNode;
}

interface PageListTableProps<T extends { id: number; name: string }> {
  /** The screen's i18n prefix: `name` (title), `loadFailed`, `noPages` and `columns.<key>` (page, actions and each column). */
  prefix: string;
  query: { data?: readonly T[]; isPending: boolean; isError: boolean };
  /** The page cell; its name by default. */
  pageCell?: (page: T) => ReactNode;
  columns: readonly PageListColumn<T>[];
  /** The ways into a page, each a button named with the page (screen readers hear which page). */
  links: (page: T) => readonly { label: string; to: string }[];
}

/**
 * The business pages a screen works on (content, reports, chat), with its own figures per page and the
 * ways into each: the first screen of every per-page area.
 */
export function PageListTable<T extends { id: number; name: string }>({ prefix, query, pageCell, columns, links }: PageListTableProps<T>) {
  const translate = useTranslate();
  const { data, isPending, isError } = query;
  return (
    <>
      <Title title={translate(`${prefix}.name`)} />
      <Box sx={{ mt: 2 }} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate(`${prefix}.loadFailed`)}</Alert>}
      {data && data.length === 0 && <Alert severity="info">{translate(`${prefix}.noPages`)}</Alert>}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${prefix}.name`)}>
            <TableHead>
              <TableRow>
                {['page', ...columns.map((c) => c.key), 'actions'].map((key) => (
                  <TableCell key={key}>{translate(`${prefix}.columns.${key}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>{pageCell ? pageCell(page) : page.name}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key}>{c.cell(page)}</TableCell>
                  ))}
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {links(page).map((link) => (
                        <Button key={link.to} size="small" component={RouterLink} to={link.to} aria-label={`${link.label} ${page.name}`}>
                          {link.label}
                        </Button>
                      ))}
                    </Stack>
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
