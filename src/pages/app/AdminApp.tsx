import { useMemo } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { useRaI18nProvider } from '@/i18n';
import { createSecureRaStore } from '@/storage';
import { authProvider } from '@/authProvider';
import { WELCOME_PATH } from '@/authProvider/paths';
import { dataProvider } from '@/dataProvider';
import { queryClient } from '@/dataProvider/queryClient';
import { resources, type ViewName } from '@/resources';
import { themeOptions } from '@/theme';
import { PageLoader } from '@/components/PageLoader';
import { RaNotificationBridge } from '@/components/notifications/RaNotificationBridge';
import { PortalLayout } from '@/layout/PortalLayout';
import { NotFoundContent } from '../NotFoundPage';
import { AccessDeniedPage } from './AccessDeniedPage';
import { AliasRedirect, ResourceRoute } from './ResourceRoute';

/**
 * The /app area: react-admin, loaded lazily so the login page never downloads it. It shares the shell's
 * query client, theme, i18n instance and notifier.
 *
 * basename is '/app' because the one router already has the '/portal' basename: react-admin prefixes its
 * links with its basename and react-router adds '/portal', giving /portal/app/… in the address bar.
 *
 * Routes are derived from the resource list: each view is mounted at its spec path (CustomRoutes), and
 * react-admin's own /<name>/… routes only redirect there.
 */
const CRUD_VIEWS: readonly Exclude<ViewName, 'page'>[] = ['list', 'create', 'edit', 'show'];
const ALL_VIEWS: readonly ViewName[] = [...CRUD_VIEWS, 'page'];

function IndexRedirect() {
  return <Navigate to={WELCOME_PATH} replace />;
}

function CatchAll() {
  return <NotFoundContent />;
}

function AdminLoading() {
  return <PageLoader fullScreen />;
}

/** Edit and show views may hold nested routes (tabs); lists, creates and pages match exactly. */
const routePath = (path: string, view: ViewName) => (view === 'edit' || view === 'show' ? `${path}/*` : path);

export default function AdminApp() {
  const i18nProvider = useRaI18nProvider();
  const store = useMemo(() => createSecureRaStore(), []);
  if (!i18nProvider) return <PageLoader fullScreen />;

  return (
    <Admin
      basename="/app"
      disableTelemetry
      requireAuth
      loginPage={false}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={themeOptions}
      layout={PortalLayout}
      notification={RaNotificationBridge}
      dashboard={IndexRedirect}
      catchAll={CatchAll}
      accessDenied={AccessDeniedPage}
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
            list={resource.paths.list ? <AliasRedirect to={resource.paths.list} /> : undefined}
            create={resource.paths.create ? <AliasRedirect to={resource.paths.create} /> : undefined}
            edit={resource.paths.edit ? <AliasRedirect to={resource.paths.edit} /> : undefined}
            show={resource.paths.show ? <AliasRedirect to={resource.paths.show} /> : undefined}
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
    </Admin>
  );
}
