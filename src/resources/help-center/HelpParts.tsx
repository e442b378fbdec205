import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUPPORT_EMAIL } from '@/config';
import { TICKET_SLA_HOURS, TICKET_SUBJECT_MAX } from '@/domain/tickets';
import { usePathOf } from '@/resourceConfig';

export const R = 'resources.help-center';
const TICKETS = 'reconciliation-accounting';

/**
 * "Contact support": a QUESTION ticket through the ticket screen's create page (prefilled), for roles
 * that have tickets; the others get the support e-mail (docs/decisions.md).
 */
export function ContactSupport({ articleTitle }: { articleTitle?: string }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const { canAccess } = useCanAccess({ resource: TICKETS, action: 'create' });
  const subject = articleTitle ? translate(`${R}.questionSubject`, { title: articleTitle }).slice(0, TICKET_SUBJECT_MAX) : undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="help-contact-title" sx={{ p: 2 }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography id="help-contact-title" variant="h6" component="h2">
          {translate(`${R}.contactTitle`)}
        </Typography>
        {canAccess ? (
          <>
            <Typography color="text.secondary">{translate(`${R}.contactText`, { hours: TICKET_SLA_HOURS.QUESTION })}</Typography>
            <Button variant="contained" component={RouterLink} to={pathOf(TICKETS, 'create', {}, { category: 'QUESTION', subject })}>
              {translate(`${R}.contactButton`)}
            </Button>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {translate(`${R}.contactByEmail`)}{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`} underline="always">
              {SUPPORT_EMAIL}
            </Link>
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
