import type { ReactNode } from 'react';
import { SimpleList, type RaRecord } from 'react-admin';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Which of a list's columns a card shows (column sources). */
export interface ReportCardFields {
  id: string;
  time: string;
  amount: string;
  status: string;
  store?: string;
}

/**
 * A report list on a phone: one card per row (id and amount, status, time and store), as the users and
 * stores lists do below md, opening the row's detail on a tap when it has one. `cell` renders a column
 * the way the table does.
 */
export function ReportCards<R extends RaRecord>({
  title,
  fields,
  cell,
  rowLink,
}: {
  title: string;
  fields: ReportCardFields;
  cell: (source: string, record: R) => ReactNode;
  rowLink?: (record: R) => string;
}) {
  return (
    <SimpleList<R>
      aria-label={title}
      // The list says "nothing matches" itself, in the report's words.
      empty={null}
      rowClick={rowLink ? (_id, _resource, record) => rowLink(record as R) : false}
      primaryText={(record) => (
        <Stack spacing={0.5} data-testid="report-card">
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
              {String(record[fields.id] ?? '-')}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {cell(fields.amount, record)}
            </Typography>
          </Stack>
          <div>{cell(fields.status, record)}</div>
        </Stack>
      )}
      secondaryText={(record) => (
        <>
          {cell(fields.time, record)}
          {fields.store && record[fields.store] ? <> · {cell(fields.store, record)}</> : null}
        </>
      )}
    />
  );
}
