/**
 * Spec §4: logout clears "the cookie". The portal itself keeps nothing in cookies, but an SSO hand-off
 * may leave readable ones on the portal's paths; every cookie script can see is expired on the paths it
 * may have been set on. HttpOnly cookies are the server's to clear.
 */
export function clearReadableCookies(basename = '/portal'): void {
  if (typeof document === 'undefined' || !document.cookie) return;
  const paths = ['/', basename, `${basename}/`];
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}`;
    }
  }
}
