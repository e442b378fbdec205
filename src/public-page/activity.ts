/**
 * The page reports' beacons: one view per page load (with the published posts shown) and each followed
 * link (a post's, or the page's website / Facebook), so reach, post views and clicks are recorded by what
 * customers really do. An anonymous browser is told apart by a random id kept in localStorage (no
 * personal data); a signed-in demo customer is counted as that customer by the server.
 */
import { PublicPageApiPaths as Paths } from '@/domain/api';
import { api, path } from './dom';

const VISITOR_KEY = 'publicPage.visitor';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

function visitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_KEY);
    if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
    const id = randomId();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    // Storage refused (private mode): this load counts as a visitor of its own.
    return randomId();
  }
}

const postIdOf = (article: Element | null): number | undefined => {
  const id = Number(article?.getAttribute('aria-labelledby')?.replace(/^post-/, ''));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Records the view of the page as shown in `root`, then every link followed in it. */
export function trackActivity(root: HTMLElement): void {
  const postIds = [...root.querySelectorAll('article.post')].map(postIdOf).filter((id): id is number => id !== undefined).slice(0, 20);
  void api(path(Paths.views), { method: 'POST', body: JSON.stringify({ visitorId: visitorId(), postIds }), keepalive: true }).catch(() => undefined);
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link) return;
    const postId = postIdOf(link.closest('article.post'));
    void api(path(Paths.clicks), { method: 'POST', body: JSON.stringify({ visitorId: visitorId(), href: link.href, ...(postId ? { postId } : {}) }), keepalive: true }).catch(() => undefined);
  });
}
