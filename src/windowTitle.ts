import { i18n } from '@/i18n';
import { PRODUCT_NAME } from '@/config';

/**
 * The window title names the screen (issue 19: page titles change with the screen): the text of the page's
 * first heading, then the portal's name. Every area (sign-in, onboarding, the admin's screens, the
 * operator's area) writes its screen's name as its h1, so one observer serves all of them, whatever
 * screen a resource adds; it re-reads once per frame after the page changes.
 */
export function followHeadingInTitle(root: HTMLElement): void {
  let queued = false;
  const update = () => {
    queued = false;
    const app = i18n.t('portal.appTitle', { product: PRODUCT_NAME });
    const heading = [...root.querySelectorAll('h1')].map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()).find((text) => text && text !== app);
    const title = heading ? i18n.t('portal.windowTitle', { screen: heading, app }) : app;
    if (document.title !== title) document.title = title;
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  }).observe(root, { childList: true, subtree: true, characterData: true });
  update();
}
