import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { decideAfterMerchant } from '@/authProvider/afterMerchant';
import { APP_PATH, CHOOSE_MERCHANT_PATH, loginPathFor, OPS_PATH, REDIRECT_PARAM, sanitizeAppPath } from '@/authProvider/paths';
import {
  getChosenMerchantId,
  getCurrentMerchant,
  getNfcSkipped,
  isInternalUser,
  isSignedIn,
  setWantedPath,
} from '@/authProvider/session';
import { PageLoader } from '@/components/PageLoader';

/**
 * Route guards of spec §2, outside react-admin so they cost the login page nothing.
 */

/** /app/* and /onboard/*: a stored token is required, else the login page with the wanted path. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children ? <>{children}</> : <Outlet />;
}

/** /app/* and /onboard/*: a merchant user's areas; the provider's operators go to /ops instead. */
export function RequireMerchantUser({ children }: { children?: ReactNode }) {
  if (isInternalUser()) return <Navigate to={OPS_PATH} replace />;
  return children ? <>{children}</> : <Outlet />;
}

/** /ops/*: the provider's operators only; a merchant user goes back to the merchant area. */
export function RequireInternalUser({ children }: { children?: ReactNode }) {
  if (!isInternalUser()) return <Navigate to={APP_PATH} replace />;
  return children ? <>{children}</> : <Outlet />;
}

/** Remembers the wanted path, then redirects (an effect: storage is not written during render). */
function RememberAndRedirect({ wanted, to }: { wanted: string | null; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    setWantedPath(wanted ? { path: wanted, origin: 'guard' } : null);
    navigate(to, { replace: true });
  }, [navigate, to, wanted]);
  return <PageLoader fullScreen />;
}

/**
 * /app/*: a merchant must be chosen, and its pending onboarding step (NFC, e-contract) done first:
 * the same decision as right after choosing, so typing an /app URL cannot skip a required step.
 */
export function RequireMerchant({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const wanted = sanitizeAppPath(`${location.pathname}${location.search}${location.hash}`);
  const merchant = getCurrentMerchant();
  if (getChosenMerchantId() === null || !merchant || merchant.id !== getChosenMerchantId()) {
    return <RememberAndRedirect wanted={wanted} to={CHOOSE_MERCHANT_PATH} />;
  }
  const step = decideAfterMerchant({ merchant, nfcSkipped: getNfcSkipped(), wantedPath: wanted });
  if (step.step === 'p2m') return <RememberAndRedirect wanted={wanted} to={CHOOSE_MERCHANT_PATH} />;
  if (step.step !== 'app') return <RememberAndRedirect wanted={wanted} to={step.path} />;
  return children ? <>{children}</> : <Outlet />;
}

/** /auth/login: a signed-in user goes on by the after-sign-in rule instead of seeing the form again. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (isSignedIn()) return <Navigate to={afterSignInPath(params.get(REDIRECT_PARAM))} replace />;
  return <>{children}</>;
}
