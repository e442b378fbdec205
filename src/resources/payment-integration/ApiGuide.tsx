import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_BASE_URL } from '@/config';
import { canonicalRequest, PaymentIntegrationApiPaths as Paths, SIGNATURE_HEADERS, SIGNING_EXAMPLE as E, webhookSignedPayload } from '@/domain/paymentIntegration';

const T = 'resources.payment-integration';

function Code({ children, label }: { children: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** The signed merchant API: the endpoints, the signing rule and a worked example with real numbers. */
export function ApiGuide() {
  const translate = useTranslate();
  const canonical = canonicalRequest(E.method, E.path, E.timestamp, E.body);
  const curl = [
    `curl -X ${E.method} '${E.path}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H '${SIGNATURE_HEADERS.accessKey}: ${E.accessKey}' \\`,
    `  -H '${SIGNATURE_HEADERS.timestamp}: ${E.timestamp}' \\`,
    `  -H '${SIGNATURE_HEADERS.signature}: ${E.signature}' \\`,
    `  -H 'Idempotency-Key: ${E.idempotencyKey}' \\`,
    `  -d '${E.body}'`,
  ].join('\n');
  const endpoints = [
    `GET  ${API_BASE_URL}${Paths.openTransaction}`,
    `POST ${API_BASE_URL}${Paths.openRefunds}`,
    `POST ${API_BASE_URL}${Paths.openLinks}`,
    `GET  ${API_BASE_URL}${Paths.openLink}`,
  ].join('\n');
  // Code samples, not prose: the same in every language, so they are built here rather than translated.
  const docsUrl = `${API_BASE_URL}/docs`;
  const inputs = `secretKey = ${E.secretKey}\nmethod    = ${E.method}\npath      = ${E.path}\ntimestamp = ${E.timestamp}\nbody      = ${E.body}`;
  const signature = `HMAC-SHA256(secretKey, canonical) = ${E.signature}`;
  const webhookSample = `${SIGNATURE_HEADERS.webhook}: t=${E.timestamp},v1=${E.webhookSignature}\n\nHMAC-SHA256(secretKey, "${webhookSignedPayload(E.timestamp, E.webhookBody)}")\n= ${E.webhookSignature}`;
  return (
    <Stack spacing={2}>
      <Typography>{translate(`${T}.guide.intro`)}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">{translate(`${T}.guide.endpoints`)}</Typography>
        <Code label={translate(`${T}.guide.endpoints`)}>{endpoints}</Code>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.guide.contract`)} <Link href={docsUrl} target="_blank" rel="noopener">{docsUrl}</Link>
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">{translate(`${T}.guide.signing`)}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>{translate(`${T}.guide.rule`)}</Typography>
        <Typography variant="subtitle2">{translate(`${T}.guide.exampleInputs`)}</Typography>
        <Code label={translate(`${T}.guide.exampleInputs`)}>
          {inputs}
        </Code>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate(`${T}.guide.canonical`)}</Typography>
        <Code label={translate(`${T}.guide.canonical`)}>{canonical.replace(/\n/g, '\\n\n')}</Code>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate(`${T}.guide.signature`)}</Typography>
        <Code label={translate(`${T}.guide.signature`)}>{signature}</Code>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate(`${T}.guide.request`)}</Typography>
        <Code label={translate(`${T}.guide.request`)}>{curl}</Code>
        <Typography variant="body2" sx={{ mt: 1 }}>{translate(`${T}.guide.rules`)}</Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">{translate(`${T}.guide.webhooks`)}</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>{translate(`${T}.guide.webhookRule`)}</Typography>
        <Code label={translate(`${T}.guide.webhooks`)}>
          {webhookSample}
        </Code>
      </Paper>
    </Stack>
  );
}
