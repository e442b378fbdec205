import { APP_PATH, LOGIN_PATH } from '@/authProvider/paths';
import { isSignedIn } from '@/authProvider/session';

/**
 * Where "home" is (spec §2 health page): the /app index when signed in, which opens the dashboard when
 * the user may see it, else welcome (AdminApp decides, from the resource list); the login page when
 * signed out.
 */
export function useHomePath(): { path: string; signedIn: boolean; isPending: boolean } {
  const signedIn = isSignedIn();
  return { path: signedIn ? APP_PATH : LOGIN_PATH, signedIn, isPending: false };
}
