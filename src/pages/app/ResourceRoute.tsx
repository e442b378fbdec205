import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ResourceContextProvider, useCanAccess } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePathOf, useResourceList, type ResourceConfig, type ViewName } from '@/resourceConfig';
import { PageLoader } from '@/components/PageLoader';
import { AccessDeniedPage } from './AccessDeniedPage';

/**
 * One screen under two configs: the same view component, one path inside the other (the inbox and
 * `…/client/:clientId`), and the same access rule (src/authProvider/canAccess.ts). A create and an edit
 * form sharing a component are not: their paths are siblings, and a form must start afresh.
 */
function sameScreen(a: ResourceConfig, b: ResourceConfig, view: ViewName): boolean {
  const [pathA, pathB] = [a.paths[view], b.paths[view]];
  return (
    a[view] === b[view] &&
    !!pathA &&
    !!pathB &&
    (pathA.startsWith(`${pathB}/`) || pathB.startsWith(`${pathA}/`)) &&
    Boolean(a.alwaysAllowed) === Boolean(b.alwaysAllowed) &&
    a.routeCodes.length === b.routeCodes.length &&
    a.routeCodes.every((code) => b.routeCodes.includes(code))
  );
}

/**
 * One view of a resource at its spec §2 path: refused in place when its route code is not allowed
 * (canAccess), else rendered in the resource's context so react-admin's views know their resource.
 */
export function ResourceRoute({ resource, view }: { resource: ResourceConfig; view: ViewName }) {
  const { t } = useTranslation();
  const resources = useResourceList();
  const { isPending, canAccess, error } = useCanAccess({
    resource: resource.name,
    action: view,
    // Moving between two configs of one screen (the inbox and a conversation in it) keeps the screen
    // mounted: the answer cannot differ, and a loader in between would drop its state and its socket.
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey[2] as { resource?: string; action?: string } | undefined;
      const before = resources.find((r) => r.name === key?.resource);
      return before && key?.action === view && sameScreen(before, resource, view) ? previous : undefined;
    },
  });
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
