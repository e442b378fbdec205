import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/i18n';
import { ROUTER_BASENAME } from '@/config';
import type { RouterLocation } from '@/analytics';
import { getCommon, getCurrentMerchant } from '@/authProvider/session';
import { AuthPaths, CHOOSE_MERCHANT_PATH, HEALTH_PATH, LOGIN_PATH, OnboardPaths } from '@/authProvider/paths';
import { LazyNotificationHost } from '@/components/notifications/LazyNotificationHost';
import { PageLoader } from '@/components/PageLoader';
import { LoginPage } from '@/pages/auth/LoginPage';
import { RedirectIfSignedIn, RequireAuth, RequireInternalUser, RequireMerchant, RequireMerchantUser } from '@/pages/guards';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { RouteErrorPage } from '@/pages/RouteErrorPage';

/*
 * The one router of the portal (basename /portal, spec §2). The login page and everything it needs are
 * in the entry chunk, in plain React and CSS; MUI (with its theme: ThemedArea), react-admin (the whole
 * /app area) and the other pages are lazy chunks, so /portal/auth/login stays within its JS budget.
 */
const AdminApp = lazy(() => import('@/pages/app/AdminApp'));
/** The provider's operator area (INTERNAL_USER): its own lazy chunk, no react-admin resources. */
const OpsApp = lazy(() => import('@/ops/OpsApp'));
const ChooseMerchantPage = lazy(() => import('@/pages/onboarding/ChooseMerchantPage'));
const EContractSignPage = lazy(() => import('@/pages/onboarding/EContractSignPage'));
const AuthenticationNfcPage = lazy(() => import('@/pages/onboarding/AuthenticationNfcPage'));
const HealthPage = lazy(() => import('@/pages/health/HealthPage'));
const QueryArea = lazy(() => import('@/pages/QueryArea'));
/** MUI's theme and baseline, around every area but the plain pages of the entry chunk (login, not found). */
const ThemedArea = lazy(() => import('@/pages/ThemedArea'));
const LoginSmsPage = lazy(() => import('@/pages/auth/LoginSmsPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/auth/ForgotPasswordPage'));
const SignUpPage = lazy(() => import('@/pages/auth/SignUpPage'));
const SsoCheckPage = lazy(() => import('@/pages/auth/SsoCheckPage'));

function Lazy() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Paths are spelled once, in src/authProvider/paths.ts; each page carries its own (`ChooseMerchantPage.path`)
 * from there, and the router reads the same constants (reading a lazy page's property would load it).
 */
export const routes: RouteObject[] = [
  {
    element: <Lazy />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
          {
            path: LoginPage.path,
            element: (
              <RedirectIfSignedIn>
                <LoginPage />
              </RedirectIfSignedIn>
            ),
          },
          {
            // The other ways in are lazy chunks, built with MUI: the login page never loads them (JS budget).
            element: <ThemedArea />,
            children: [
              ...(
                [
                  [AuthPaths.loginSms, <LoginSmsPage key="sms" />],
                  [AuthPaths.forgotPassword, <ForgotPasswordPage key="forgot" />],
                  [AuthPaths.signup, <SignUpPage key="signup" />],
                ] as const
              ).map(([path, page]) => ({ path, element: <RedirectIfSignedIn>{page}</RedirectIfSignedIn> })),
              // The SSO hand-off may replace an existing session, so it is not behind RedirectIfSignedIn.
              { path: AuthPaths.ssoCheck, element: <SsoCheckPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // The areas after sign-in need a stored token, checked before they load: a signed-out visit goes
        // to the login page (keeping an /app wanted path) without fetching MUI, react-admin or the area.
        element: <RequireAuth />,
        children: [
          {
            element: <ThemedArea />,
            children: [
              {
                // The areas that fetch share the one query client (see QueryArea).
                element: <QueryArea />,
                children: [
                  {
                    path: 'onboard',
                    element: <RequireMerchantUser />,
                    children: [
                      { index: true, element: <Navigate to={CHOOSE_MERCHANT_PATH} replace /> },
                      { path: OnboardPaths.chooseMerchant, element: <ChooseMerchantPage /> },
                      { path: OnboardPaths.econtractSign, element: <EContractSignPage /> },
                      { path: OnboardPaths.authenticationNfc, element: <AuthenticationNfcPage /> },
                      // Spec §2: the onboarding area defaults to choose-merchant.
                      { path: '*', element: <Navigate to={CHOOSE_MERCHANT_PATH} replace /> },
                    ],
                  },
                  {
                    path: 'app/*',
                    element: (
                      <RequireMerchantUser>
                        <RequireMerchant>
                          <AdminApp />
                        </RequireMerchant>
                      </RequireMerchantUser>
                    ),
                  },
                  {
                    path: 'ops/*',
                    element: (
                      <RequireInternalUser>
                        <OpsApp />
                      </RequireInternalUser>
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // The health page is public, and fetches.
        element: <ThemedArea />,
        children: [{ element: <QueryArea />, children: [{ path: HEALTH_PATH.slice(1), element: <HealthPage /> }] }],
      },
      // Spec §2: everything else falls to the auth area.
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME });

/*
 * Page views go to the global analytics function when the deployment provides one (spec §7). The module
 * (with the shared redaction rules) is fetched only then: without the global it would send nothing, and
 * the login page does not load it (issue 19, JS budget). Views seen while it loads are sent once it is in.
 */
const ANALYTICS_GLOBAL = 'gtag'; // the analytics module's DEFAULT_ANALYTICS_GLOBAL (importing it would load the module)
let analytics: Promise<(location: RouterLocation) => void> | null = null;
function trackView(location: RouterLocation): void {
  if (typeof (window as unknown as Record<string, unknown>)[ANALYTICS_GLOBAL] !== 'function') return;
  analytics ??= import('@/analytics').then(({ configureAnalytics, trackPageView }) => {
    configureAnalytics({
      basePath: ROUTER_BASENAME,
      getContext: () => ({ merchantCode: getCurrentMerchant()?.partnerCode, userId: getCommon()?.userId }),
    });
    return trackPageView;
  });
  void analytics.then((trackPageView) => trackPageView(location));
}
let trackedKey = router.state.location.key;
trackView(router.state.location);
router.subscribe(({ location }) => {
  // The router also notifies for loading states: one page view per location.
  if (location.key === trackedKey) return;
  trackedKey = location.key;
  trackView(location);
});

/**
 * Providers shared by every area: i18n and the one notifier (which brings its own theme). MUI's theme and
 * baseline are provided by the ThemedArea layout route to the areas built with MUI; the one query client
 * by the QueryArea layout route to the areas that fetch, and handed to <Admin queryClient> as well.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <LazyNotificationHost />
    </I18nextProvider>
  );
}

export default function App() {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
