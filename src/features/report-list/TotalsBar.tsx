import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export interface TotalsItem {
  label: string;
  value: string;
  /** Smaller line under the value (e.g. the per-status breakdown). */
  detail?: string;
}

/** The filtered set's totals above a report list. */
export function TotalsBar({ items, loading }: { items: TotalsItem[]; loading?: boolean }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={translate('portal.reports.totals.label')} aria-busy={loading} sx={{ p: 2 }}>
      <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        {items.map((item) => (
          <div key={item.label}>
            <Typography variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography variant="h6" component="p" data-testid={`total-${item.label}`}>
              {loading ? '…' : item.value}
            </Typography>
            {item.detail ? (
              <Typography variant="caption" color="text.secondary">
                {item.detail}
              </Typography>
            ) : null}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
