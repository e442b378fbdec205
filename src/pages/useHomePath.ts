import { useQuery } from '@tanstack/react-query';
import { allowedRouteCodesOf, canAccess } from '@/authProvider/canAccess';
import { sidebarQueryOptions } from '@/authProvider/allowedRoutes';
import { LOGIN_PATH, WELCOME_PATH } from '@/authProvider/paths';
import { getChosenMerchantId, isSignedIn } from '@/authProvider/session';
import { entryPath, resources } from '@/resources';

const DASHBOARD_PATH = 'dashboard';

/**
 * Where "home" is (spec §2 health page): the dashboard when it is a known route the user may open, else
 * welcome; the login page when signed out. Only asks for the sidebar when a dashboard route exists.
 */
export function useHomePath(): { path: string; signedIn: boolean; isPending: boolean } {
  const signedIn = isSignedIn();
  const merchantId = getChosenMerchantId();
  const dashboard = resources.find((resource) => entryPath(resource) === DASHBOARD_PATH);
  const sidebar = useQuery({
    ...sidebarQueryOptions(merchantId),
    enabled: signedIn && merchantId !== null && Boolean(dashboard),
  });
  if (!signedIn) return { path: LOGIN_PATH, signedIn, isPending: false };
  if (!dashboard || merchantId === null) return { path: WELCOME_PATH, signedIn, isPending: false };
  const allowed = canAccess(allowedRouteCodesOf(sidebar.data), {
    resource: dashboard.name,
    action: dashboard.paths.list ? 'list' : 'page',
  });
  return { path: allowed ? `/app/${DASHBOARD_PATH}` : WELCOME_PATH, signedIn, isPending: sidebar.isPending };
}
