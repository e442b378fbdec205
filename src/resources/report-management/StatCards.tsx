import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Headline figures of a report, as a description list (label, value). */
export function StatCards({ items, label }: { items: { key: string; label: string; value: string }[]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, mb: 2, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
      {items.map((item) => (
        <Paper key={item.key} variant="outlined" sx={{ p: 1.5 }} data-stat={item.key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {item.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
