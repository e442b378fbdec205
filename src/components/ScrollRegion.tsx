import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A box that scrolls sideways on its own, so a wide table never widens the page at 360 px (issue 19). It is
 * a labelled region in the tab order: a keyboard user can focus it and scroll it with the arrow keys.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Box>
  );
}
