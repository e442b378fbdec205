import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ResourceContextProvider, useCanAccess } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePathOf, type ResourceConfig, type ViewName } from '@/resourceConfig';
import { PageLoader } from '@/components/PageLoader';
import { AccessDeniedPage } from './AccessDeniedPage';

/**
 * One view of a resource at its spec §2 path: refused in place when its route code is not allowed
 * (canAccess), else rendered in the resource's context so react-admin's views know their resource.
 */
export function ResourceRoute({ resource, view }: { resource: ResourceConfig; view: ViewName }) {
  const { t } = useTranslation();
  const { isPending, canAccess, error } = useCanAccess({ resource: resource.name, action: view });
  const View = resource[view];
  if (isPending) return <PageLoader />;
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('portal.common.reload')}
          </Button>
        }
      >
        {t('portal.http.error')}
      </Alert>
    );
  }
  if (!canAccess || !View) return <AccessDeniedPage />;
  return (
    <ResourceContextProvider value={resource.name}>
      <Suspense fallback={<PageLoader />}>
        <View />
      </Suspense>
    </ResourceContextProvider>
  );
}

/**
 * react-admin builds links as /<resource name>/… (e.g. /app/stores/12). The canonical URLs are the spec
 * paths of the resource config, so those generated links redirect there, keeping the id.
 */
export function AliasRedirect({ resource, view }: { resource: string; view: Exclude<ViewName, 'page'> }) {
  const { id } = useParams();
  const pathOf = usePathOf();
  return <Navigate to={pathOf(resource, view, id === undefined ? {} : { id })} replace />;
}
