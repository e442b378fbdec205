/**
 * Every screen of the resource list (src/resources/index.ts), in vi and in en (issue 19): axe finds no
 * serious or critical violation, the window title names the screen, and at 360 px nothing scrolls sideways
 * (wide tables scroll inside their own region). Screens are found from the resource list itself, so a new
 * resource is checked without touching this file: a path with parameters (`:id`, `:clientId`, …) is filled
 * from a link seen on an earlier screen (a list links its rows; a link to a record's sub-screen, such as
 * business-page/2/setting-page, gives the record's own path business-page/2 too), else by opening the
 * first row of the screen it sits under, else by a per-resource opener below (a record that only exists
 * once the user makes one). A screen that cannot be reached fails the test by name, as does a screen the
 * demo owner may not open at any of their merchants.
 *
 * Navigation inside the app (history + popstate) keeps one page load per merchant, so the whole list fits
 * in the suite's time; a concrete path is checked once even when two resources share it.
 *
 * The pages outside the app (sign-in, the payer page, the public business page) are checked the same way
 * by the last test, signed out.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { resources } from '../../src/resources';
import { readFileSync } from 'node:fs';
import { TEMPLATE_HEADERS } from '../../src/domain/transactionControl';
import { activePayerCode, DemoMerchants, DemoUsers, escapeRegExp, signedInPage, t, waitForQuiet, type Lng } from './support';

/**
 * Who walks the screens: the demo owner across their merchants, then another merchant's owner for what
 * remains (the merchant with promotion campaigns). `merchants: null`: the user's one merchant, chosen
 * automatically. A merchant held at an onboarding step (the top brand's pending e-contract, signed and
 * issued again by the onboarding test) is passed over.
 */
const SESSIONS = [
  { user: DemoUsers.owner, merchants: [DemoMerchants.sme, DemoMerchants.topBrand, DemoMerchants.pagoda] },
  { user: DemoUsers.otherOwner, merchants: null },
  // The financing and settlement reports (the top brand has them too, but is held at e-contract signing).
  { user: DemoUsers.bpuOwner, merchants: null },
] as const;
const PHONE_WIDTH = 360;
/** How long a list may take to draw its first row before it counts as empty. */
const ROW_WAIT_MS = 2_000;
const LANGUAGES = ['vi', 'en'] as const satisfies readonly Lng[];
/**
 * The sign-in pages, as spelled in src/authProvider/paths.ts (AuthPaths): read from its text, since the
 * module reads Vite's settings and cannot load in the test runner.
 */
const AUTH_PAGES = [...(/AuthPaths = \{([^}]*)\}/.exec(readFileSync(new URL('../../src/authProvider/paths.ts', import.meta.url), 'utf8'))?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);

interface Screen {
  resource: string;
  view: string;
  /** /app-relative path, possibly with :params. */
  pattern: string;
}

const SCREENS: Screen[] = resources.flatMap((r) =>
  (['list', 'page', 'create', 'show', 'edit'] as const).flatMap((view) => (r.paths[view] ? [{ resource: r.name, view, pattern: r.paths[view]! }] : [])),
);
const paramCount = (pattern: string) => (pattern.match(/:[A-Za-z]+/g) ?? []).length;
const matcherOf = (pattern: string) => new RegExp(`^/portal/app/${pattern.replace(/[.?+*()[\]{}|^$\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?#]+')}$`);
/** A link and every path above it: /a/2/b gives /a/2/b, /a/2 and /a. */
const withParents = (path: string) => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/')).filter((p) => p.startsWith('/portal/app/'));

/**
 * Screens whose records exist only once the user makes one: the opener makes one from the screen the
 * test is on (the pattern's parent, already checked) and resolves to the record's path.
 */
const OPENERS: Record<string, (page: Page, lng: Lng, target: RegExp) => Promise<string | null>> = {
  // A reconciliation run is made by uploading the merchant's file: the template with one row.
  'transaction-control': async (page, lng, target) => {
    const csv = `${TEMPLATE_HEADERS[lng].join(',')}\n999999999999,A11Y-${lng},1000\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'a11y.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: t('resources.transaction-control.upload.submit', {}, lng), exact: true }).click();
    await page.waitForURL((url) => target.test(url.pathname), { timeout: 15_000 });
    return new URL(page.url()).pathname;
  },
};

async function goInApp(page: Page, path: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits for the screen at the address to be on show (the layout's data-path: a lazy screen keeps the
 * previous one shown while its code loads), then for its requests and spinners to end.
 */
async function settle(page: Page) {
  await page.waitForFunction(
    () => {
      const shown = document.getElementById('main-content')?.dataset.path;
      return !shown || window.location.pathname.endsWith(shown);
    },
    undefined,
    { timeout: 15_000 },
  );
  await waitForQuiet(page, 250);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
}

async function seenAppLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/portal/app/"]')].map((a) => new URL(a.href).pathname),
  );
}

/**
 * Opens the first data row of the current screen; resolves to the path it led to, or null. The row is
 * waited for: a quiet network does not mean the list has drawn its rows (on a busy machine a lazy
 * screen's code can finish loading well before its list asks for data, and a slow list first draws
 * skeleton rows, which have no text and lead nowhere).
 */
async function openFirstRow(page: Page, target: RegExp): Promise<string | null> {
  const row = page
    .locator('tbody tr, [role="rowgroup"] [role="row"]')
    .filter({ hasNot: page.locator('th') })
    .filter({ hasText: /\S/ })
    .first();
  try {
    await row.waitFor({ state: 'visible', timeout: ROW_WAIT_MS });
  } catch {
    return null;
  }
  const link = row.locator('a[href^="/portal/app/"]').first();
  await ((await link.count()) > 0 ? link : row).click();
  try {
    await page.waitForURL((url) => target.test(url.pathname), { timeout: 5_000 });
  } catch {
    return null;
  }
  return new URL(page.url()).pathname;
}

async function chooseMerchantIn(page: Page, name: string, lng: Lng) {
  await expect(page).toHaveURL(/\/portal\/onboard\/merchants-choose/);
  await page.getByRole('list', { name: t('portal.chooseMerchant.listLabel', {}, lng) }).getByRole('button', { name: new RegExp(escapeRegExp(name)) }).click();
  await expect(page).not.toHaveURL(/\/portal\/onboard\/merchants-choose/);
}

/**
 * Serious or critical axe violations, the window title and sideways scrolling at 360 px, as problem lines.
 * `only`: a selector axe is limited to (the screen's own area, when the layout around it is checked already).
 */
async function problemsOf(page: Page, where: string, lng: Lng, only?: string): Promise<string[]> {
  const problems: string[] = [];
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (only ? axe.include(only) : axe).analyze();
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    problems.push(`${where} (${lng}) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }
  // The window title names the screen: its heading, then the portal's name (or the page's own title).
  const [title, headings] = await Promise.all([page.title(), page.locator('h1').allTextContents()]);
  const screenName = headings.map((h) => h.replace(/\s+/g, ' ').trim()).find(Boolean);
  if (!title.trim()) problems.push(`${where} (${lng}): empty window title`);
  else if (!screenName) problems.push(`${where} (${lng}): no h1 to name the screen`);
  else if (!title.includes(screenName)) problems.push(`${where} (${lng}): window title "${title}" does not name the screen "${screenName}"`);
  const original = page.viewportSize();
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  // Layouts that follow media queries re-render after the resize: judge the settled page (a real overflow
  // stays; one frame of the old layout does not).
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  let over = await overflow();
  for (let i = 0; i < 10 && over > 1; i += 1) {
    await page.waitForTimeout(100);
    over = await overflow();
  }
  if (over > 1) problems.push(`${where} (${lng}): scrolls sideways by ${over}px at ${PHONE_WIDTH}px`);
  if (original) await page.setViewportSize(original);
  return problems;
}

test.describe.configure({ mode: 'parallel' });

for (const lng of LANGUAGES) {
  test(`every screen passes axe, names the window and fits 360 px (${lng})`, async ({ browser }) => {
    // Every screen at three merchants and three users: 6.5 min in the full suite here; room for a slower machine.
    test.setTimeout(900_000);
    const checked = new Set<string>();
    const links = new Set<string>();
    /** The concrete path each checked screen was seen at (a parent to open rows from). */
    const visited = new Map<string, string>();
    /** Concrete paths already checked at this merchant (two resources may share one path). */
    const seenPaths = new Set<string>();
    const denied = t('portal.accessDenied.title', {}, lng);

    let page: Page;

    /** Checks one concrete path; false when the screen is not open to this merchant. */
    async function check(screen: Screen, path: string, alreadyThere = false): Promise<boolean> {
      if (!seenPaths.has(path)) {
        if (!alreadyThere) await goInApp(page, path);
        await settle(page);
        // Sent out of the app (an onboarding step) or refused: not open here.
        if (!page.url().includes('/portal/app/') || (await page.getByRole('heading', { name: denied }).isVisible())) return false;
        for (const link of await seenAppLinks(page)) for (const p of withParents(link)) links.add(p);
        // The layout (header, sidebar, footer) is the same around every screen of a merchant: axe checks it
        // with the merchant's first screen, then only the screen's own area.
        const only = seenPaths.size > 0 ? '#main-content' : undefined;
        // Soft: every screen's problems are reported, even when a later screen times the test out.
        expect.soft(await problemsOf(page, path, lng, only)).toEqual([]);
        seenPaths.add(path);
      }
      checked.add(`${screen.resource}:${screen.view}`);
      visited.set(screen.pattern, path);
      return true;
    }

    /** The deepest visited screen `screen`'s pattern extends, opened; null when there is none. */
    async function openParent(screen: Screen): Promise<boolean> {
      const parent = [...visited.keys()]
        .filter((p) => screen.pattern.startsWith(`${p}/`))
        .sort((a, b) => b.length - a.length)[0];
      if (!parent) return false;
      await goInApp(page, visited.get(parent)!);
      await settle(page);
      return true;
    }

    for (const session of SESSIONS) {
      // English is stored before the first screen loads (the language is read once, at page load).
      page = await signedInPage(browser, session.user.username, { lng, reload: true });
      for (const [index, merchant] of (session.merchants ?? [null]).entries()) {
        if (SCREENS.every((s) => checked.has(`${s.resource}:${s.view}`))) break;
        if (merchant) {
          if (index > 0) await page.goto('/portal/onboard/merchants-choose');
          await chooseMerchantIn(page, merchant.name, lng);
        }
        await settle(page);
        if (!page.url().includes('/portal/app/')) continue;
        seenPaths.clear();
        // Parameter-free screens first, then those whose parameters earlier screens linked to.
        const pending = () => SCREENS.filter((s) => !checked.has(`${s.resource}:${s.view}`)).sort((a, b) => paramCount(a.pattern) - paramCount(b.pattern));
        const deniedHere = new Set<string>();
        for (let round = 0; round < 4; round += 1) {
          let progress = false;
          for (const screen of pending()) {
            const key = `${screen.resource}:${screen.view}`;
            if (deniedHere.has(key)) continue;
            const target = matcherOf(screen.pattern);
            let path = paramCount(screen.pattern) === 0 ? `/portal/app/${screen.pattern}` : ([...links].find((l) => target.test(l)) ?? null);
            let opened = false;
            if (!path && round > 0 && (await openParent(screen))) {
              // The parent's links once more (a list that had not loaded yet), else its first row.
              path = (await seenAppLinks(page)).flatMap(withParents).find((l) => target.test(l)) ?? (await openFirstRow(page, target));
              const opener = OPENERS[screen.resource];
              if (!path && opener) path = await opener(page, lng, target);
              opened = path !== null;
            }
            if (!path) continue;
            if (await check(screen, path, opened)) progress = true;
            else deniedHere.add(key);
          }
          if (!progress && round > 0) break;
        }
      }
      await page.context().close();
    }

    const unchecked = SCREENS.filter((s) => !checked.has(`${s.resource}:${s.view}`)).map((s) => `${s.resource} ${s.view} (${s.pattern})`);
    expect(unchecked).toEqual([]);
  });
}


test('the sign-in pages, the payer page and the public business page pass axe, name the window and fit 360 px (vi, en)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const code = await activePayerCode(request);
  expect(AUTH_PAGES).toContain('login');
  const paths = [
    ...AUTH_PAGES.map((p) => `/portal/auth/${p}`),
    `/portal/pay/${code}`,
    '/portal/p/ca_phe_song_han',
  ];
  for (const lng of LANGUAGES) {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    // The app reads the stored language; the payer and public pages take ?lang= as well.
    await page.goto('/portal/auth/login');
    await page.evaluate((l) => localStorage.setItem('langKey', l), lng);
    for (const path of paths) {
      await page.goto(path.startsWith('/portal/auth/') ? path : `${path}?lang=${lng}`);
      await waitForQuiet(page, 250);
      await expect(page.locator('h1').first()).toBeVisible();
      // A page that moves on by itself (sso-check without a ticket goes to the login) is judged where it settles.
      const found = await problemsOf(page, path, lng).catch(async () => {
        await waitForQuiet(page, 500);
        return problemsOf(page, path, lng);
      });
      expect.soft(found).toEqual([]);
    }
    await page.context().close();
  }
});
