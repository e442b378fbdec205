import { useParams } from 'react-router-dom';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import type { LandingPage } from '@/domain/services';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

/** A service's landing content: title, summary, benefits and the steps to start. */
export function LandingContent({ landing }: { landing: LandingPage }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h5" gutterBottom>
          {landing.title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{landing.summary}</Typography>
        <Typography component="h3" variant="subtitle1">
          {translate('resources.service-templates.benefits')}
        </Typography>
        <ul>
          {landing.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <Typography component="h3" variant="subtitle1">
          {translate('resources.service-templates.steps')}
        </Typography>
        <ol>
          {landing.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Spec §2 service-management/template/{code}: the service template (landing page) of a code. */
export default function ServiceTemplatePage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const { id: code = '' } = useParams();
  const { data, isPending, isError } = useQuery({
    queryKey: ['portal', 'services', 'landing', code],
    queryFn: () => api.getLandingPage(code),
  });
  return (
    <>
      <Title title={data?.name ?? translate('resources.service-templates.name')} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{translate('resources.service-templates.notFound')}</Alert>}
      {data && <LandingContent landing={data} />}
      <Button component={RouterLink} to={pathOf('services')} sx={{ mt: 2 }}>
        {translate('resources.services.actions.backToList')}
      </Button>
    </>
  );
}
