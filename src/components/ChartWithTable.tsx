import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface DataColumn<T> {
  key: string;
  label: string;
  value: (row: T) => string;
  numeric?: boolean;
}

interface Props<T> {
  title: string;
  chart: ReactNode;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}

/**
 * A chart and the same figures as a table. The chart is hidden from screen readers; the table is always
 * in the page for them (visually hidden) and shown to everyone with the toggle.
 */
export function ChartWithTable<T>({ title, chart, columns, rows, rowKey }: Props<T>) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1">
          {title}
        </Typography>
        <Button size="small" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {translate(shown ? 'portal.common.hideTable' : 'portal.common.showTable')}
        </Button>
      </Stack>
      <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
        {chart}
      </Box>
      <Box sx={shown ? { overflowX: 'auto', mt: 1 } : visuallyHidden}>
        <Table size="small">
          <caption>{title}</caption>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                    {c.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
