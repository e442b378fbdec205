/**
 * Issue 16, customers are real too: the public business page of the seeded ACTIVE page, seen without
 * sign-in, then as the demo customer (follow, like, comment, review with stars), in English, and at
 * 360 px without sideways scrolling. A page that is not ACTIVE is a plain not-found page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import enTexts from '../../src/i18n/en/publicPage.json' with { type: 'json' };
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };

const vi = viTexts.publicPage;
const en = enTexts.publicPage;
const URL_OF_PAGE = '/portal/p/ca_phe_song_han';
const NAME = 'Cà Phê Sông Hàn';
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k]));

async function followerCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('followers').innerText()).replace(/\D/g, ''));
}

test.describe('public business page', () => {
  test('a visitor sees the page; the demo customer follows, likes, comments and reviews', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await page.goto(URL_OF_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page).toHaveTitle(fill(vi.pageTitle, { name: NAME }));
    for (const heading of [vi.posts, vi.reviews, vi.openingHours, vi.stores]) await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    // Today's opening hours are marked (Vietnam time), exactly one row.
    await expect(page.locator('tr[aria-current="date"]')).toHaveCount(1);
    await expect(page.locator('tr[aria-current="date"]')).toContainText(vi.today);
    // The pinned post comes first; reviews show masked names and the page's replies.
    await expect(page.locator('article.post').first()).toContainText(vi.pinned);
    await expect(page.getByText(vi.reply).first()).toBeVisible();
    await expect(page.locator('.reviews strong').first()).toHaveText(/•••/);
    expect(scripts.some((path) => path.includes('/assets/page-'))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(main|AdminApp)-/.test(path))).toEqual([]);

    // Sign in as the demo customer (keyboard only).
    await page.getByLabel(vi.username).fill('customer_demo');
    await page.getByLabel(vi.password).fill('Demo@1234');
    await page.getByLabel(vi.password).press('Enter');
    await expect(page.getByText(fill(vi.signedInAs, { name: 'Nguyễn Minh Khách' }))).toBeVisible();

    // Another test (the page reports) may have left the demo customer following: take it back first.
    const following = page.getByRole('button', { name: vi.unfollow, exact: true });
    if (await following.isVisible()) {
      await following.click();
      await expect(page.getByRole('button', { name: vi.follow, exact: true })).toBeVisible();
    }
    const before = await followerCount(page);
    await page.getByRole('button', { name: vi.follow, exact: true }).click();
    await expect(page.getByRole('button', { name: vi.unfollow })).toHaveAttribute('aria-pressed', 'true');
    expect(await followerCount(page)).toBe(before + 1);

    const post = page.locator('article.post').first();
    const like = post.getByRole('button', { name: vi.like, exact: true });
    // The seeded reactions may include the demo customer's: take it back first, then like.
    if ((await like.getAttribute('aria-pressed')) === 'true') {
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
    }
    const likes = post.getByText(/\d+ lượt thích/);
    const count = Number((await likes.innerText()).replace(/\D/g, ''));
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(likes).toHaveText(fill(vi.likes, { count: count + 1 }));

    await post.getByRole('button', { name: /^Bình luận \(\d+\)$/ }).click();
    await post.getByLabel(vi.commentLabel).fill('Cà phê muối rất ngon, e2e');
    await post.getByRole('button', { name: vi.send }).click();
    await expect(post.getByText('Cà phê muối rất ngon, e2e')).toBeVisible();
    await expect(post.locator('.comments li', { hasText: 'Cà phê muối rất ngon, e2e' })).toContainText('N••• M••• Khách');

    await page.getByRole('radio', { name: '4★' }).check();
    await page.getByLabel(vi.reviewText).fill('Không gian đẹp, e2e');
    await page.getByRole('button', { name: vi.submitReview }).click();
    await expect(page.getByRole('heading', { level: 3, name: vi.editReview })).toBeVisible();
    const mine = page.locator('.reviews li', { hasText: 'Không gian đẹp, e2e' });
    await expect(mine).toContainText('N••• M••• Khách');
    await expect(mine.getByRole('img', { name: fill(vi.stars, { count: 4 }) })).toBeVisible();

    // Still followed after a reload (the session is kept for the tab, never in the URL).
    await page.reload();
    await expect(page.getByRole('button', { name: vi.unfollow })).toBeVisible();
    expect(page.url()).not.toContain('token');
  });

  test('English, 360 px wide without sideways scrolling, and a page that is not public', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${URL_OF_PAGE}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    for (const heading of [en.posts, en.reviews, en.openingHours, en.stores]) await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: en.language })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // A DRAFT page reads like an unknown one.
    await page.goto('/portal/p/song_han_bakery?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: en.notFoundTitle })).toBeVisible();
    await expect(page.getByText(en.notFound)).toBeVisible();
  });
});
