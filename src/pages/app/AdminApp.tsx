import { useMemo } from 'react';
import { Navigate, Route } from 'react-router-dom';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  Resource,
  useCanAccess,
  useResetErrorBoundaryOnLocationChange,
} from 'react-admin';
import CssBaseline from '@mui/material/CssBaseline';
import { useRaI18nProvider } from '@/i18n';
import { createSecureRaStore } from '@/storage';
import { createAuthProvider } from '@/authProvider';
import { WELCOME_PATH } from '@/authProvider/paths';
import { createPortalDataProvider } from '@/dataProvider';
import { queryClient } from '@/dataProvider/queryClient';
import { resources } from '@/resources';
import { APP_BASE, pathOf, ResourceListProvider, useResourceList, type ViewName } from '@/resourceConfig';
import { themeOptions } from '@/theme';
import { PageLoader } from '@/components/PageLoader';
import { RaNotificationBridge } from '@/components/notifications/RaNotificationBridge';
import { PageError } from '@/layout/PageError';
import { PortalLayout } from '@/layout/PortalLayout';
import { NotFoundContent } from '../NotFoundPage';
import { AccessDeniedPage } from './AccessDeniedPage';
import { AuthenticationErrorPage } from './AuthenticationErrorPage';
import { AliasRedirect, ResourceRoute } from './ResourceRoute';

/**
 * The composition root of the /app area: the only module that imports the resource list, and hands it to
 * the dataProvider, the authProvider (canAccess), the routes, and (through ResourceListProvider) the
 * layout, the sidebar and every link (usePathOf). The /app area is react-admin, loaded lazily so the login page never downloads it. It shares the shell's
 * query client, theme, i18n instance and notifier.
 *
 * basename is '/app' because the one router already has the '/portal' basename: react-admin prefixes its
 * links with its basename and react-router adds '/portal', giving /portal/app/… in the address bar.
 *
 * Routes are derived from the resource list: each view is mounted at its spec path (CustomRoutes), and
 * react-admin's own /<name>/… routes only redirect there.
 *
 * It is react-admin's <Admin> taken apart (AdminContext + CoreAdminUI + the notification) with every part
 * given: <Admin> and <AdminUI> name their defaults (the sign-in form with react-hook-form, the default
 * layout and its preferences editor, the polyglot English messages), so using them put all of that in the
 * welcome page's download although none of it shows.
 */
const CRUD_VIEWS: readonly Exclude<ViewName, 'page'>[] = ['list', 'create', 'edit', 'show'];
const ALL_VIEWS: readonly ViewName[] = [...CRUD_VIEWS, 'page'];

/** The providers are built once, from the one resource list. */
const dataProvider = createPortalDataProvider(resources);
const authProvider = createAuthProvider(resources);

const DASHBOARD = 'dashboard';

/** Home (/app, the health page's button): the dashboard when the user may open it, else welcome. */
function IndexRedirect() {
  const list = useResourceList();
  const dashboard = list.find((resource) => resource.name === DASHBOARD);
  const view: ViewName = dashboard?.paths.list ? 'list' : 'page';
  const { isPending, canAccess } = useCanAccess({ resource: DASHBOARD, action: view });
  if (isPending) return <PageLoader />;
  return <Navigate to={dashboard && canAccess ? pathOf(list, DASHBOARD, view) : WELCOME_PATH} replace />;
}

function CatchAll() {
  return <NotFoundContent />;
}

function AdminLoading() {
  return <PageLoader fullScreen />;
}

/** What shows when the layout itself fails (a page's own failure is caught inside the layout). */
function AdminError({ resetErrorBoundary }: { resetErrorBoundary: (...args: unknown[]) => void }) {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return <PageError onRetry={() => resetErrorBoundary()} />;
}

/** Edit and show views may hold nested routes (tabs); lists, creates and pages match exactly. */
const routePath = (path: string, view: ViewName) => (view === 'edit' || view === 'show' ? `${path}/*` : path);

export default function AdminApp() {
  const i18nProvider = useRaI18nProvider();
  const store = useMemo(() => createSecureRaStore(), []);
  if (!i18nProvider) return <PageLoader fullScreen />;

  return (
    <ResourceListProvider resources={resources}>
      <AdminContext
        basename={APP_BASE}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={store}
        theme={themeOptions}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            disableTelemetry
            requireAuth
            loginPage={false}
            layout={PortalLayout}
            dashboard={IndexRedirect}
            catchAll={CatchAll}
            accessDenied={AccessDeniedPage}
            authenticationError={AuthenticationErrorPage}
            error={AdminError}
            loading={AdminLoading}
          >
            {resources
              .filter((resource) => CRUD_VIEWS.some((view) => resource[view]))
              .map((resource) => (
                <Resource
                  key={resource.name}
                  name={resource.name}
                  icon={resource.icon}
                  recordRepresentation={resource.recordRepresentation}
                  list={resource.paths.list ? <AliasRedirect resource={resource.name} view="list" /> : undefined}
                  create={resource.paths.create ? <AliasRedirect resource={resource.name} view="create" /> : undefined}
                  edit={resource.paths.edit ? <AliasRedirect resource={resource.name} view="edit" /> : undefined}
                  show={resource.paths.show ? <AliasRedirect resource={resource.name} view="show" /> : undefined}
                />
              ))}
            <CustomRoutes>
              {resources.flatMap((resource) =>
                ALL_VIEWS.filter((view) => resource[view] && resource.paths[view]).map((view) => (
                  <Route
                    key={`${resource.name}.${view}`}
                    path={routePath(resource.paths[view]!, view)}
                    element={<ResourceRoute resource={resource} view={view} />}
                  />
                )),
              )}
            </CustomRoutes>
          </CoreAdminUI>
          <RaNotificationBridge />
        </CssBaseline>
      </AdminContext>
    </ResourceListProvider>
  );
}
