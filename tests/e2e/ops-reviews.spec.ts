/**
 * Reported reviews end to end: the owner reports an abusive review of the seeded ACTIVE page from content
 * management; ops_demo finds it in /portal/ops/reported-reviews (across merchants) and hides it with a
 * reason; the public page no longer shows it, and the owner reads the outcome on the review.
 */
import { expect, test, type Browser } from '@playwright/test';
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import { chooseMerchant, DemoMerchants, escapeRegExp, t, signedInPage } from './support';

const C = 'resources.content-management';
const O = 'portal.ops.reportedReviews';
const SLUG = 'ca_phe_song_han';
const PAGE_NAME = 'Cà Phê Sông Hàn';
/** A seeded 1-star review of every page, unanswered (server/db/seed-page-content.ts). */
const ABUSIVE = 'Nhân viên thiếu nhiệt tình.';

const signedIn = (browser: Browser, username: string) => signedInPage(browser, username);

test('the merchant reports a review, the operator hides it, the public page no longer shows it', async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/portal/p/${SLUG}`);
  await expect(visitor.getByRole('heading', { level: 2, name: viTexts.publicPage.reviews })).toBeVisible();
  await expect(visitor.locator('.reviews li', { hasText: ABUSIVE })).toHaveCount(1);

  // The owner reports it from the page's reviews.
  const owner = await signedIn(browser, 'owner_demo');
  await chooseMerchant(owner, DemoMerchants.sme.name);
  await owner.goto('/portal/app/content-management');
  await owner.getByRole('link', { name: `${t('resources.content-reviews.name')} ${PAGE_NAME}` }).click();
  await expect(owner).toHaveURL(/\/content-management\/\d+\/reviews$/);
  const mine = owner.getByTestId(/^review-\d+$/).filter({ hasText: ABUSIVE });
  await mine.getByRole('button', { name: t(`${C}.reviews.report`) }).click();
  await mine.getByRole('textbox', { name: t(`${C}.reviews.reportReason`) }).fill('Xúc phạm nhân viên, không phải nhận xét về dịch vụ');
  await mine.getByRole('button', { name: t(`${C}.reviews.sendReport`) }).click();
  await expect(mine.getByText(t(`${C}.reviews.reported`))).toBeVisible();

  // The operator sees it among the reports awaiting a decision and hides it with a reason.
  const ops = await signedIn(browser, 'ops_demo');
  await expect(ops).toHaveURL(/\/portal\/ops\//);
  await ops.goto('/portal/ops/reported-reviews');
  await expect(ops.getByRole('tab', { name: t('portal.ops.sections.reported-reviews') })).toHaveAttribute('aria-selected', 'true');
  await expect(ops.getByRole('heading', { name: t(`${O}.title`) })).toBeVisible();
  const reported = ops.getByTestId(/^reported-review-\d+$/).filter({ hasText: ABUSIVE }).filter({ hasText: PAGE_NAME });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText('Xúc phạm nhân viên, không phải nhận xét về dịch vụ');
  await reported.getByRole('button', { name: new RegExp(`^${escapeRegExp(t(`${O}.hide`))} `) }).click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: t(`${O}.confirm`) })).toBeDisabled();
  await dialog.getByRole('textbox', { name: t(`${O}.reason`) }).fill('Ngôn từ xúc phạm nhân viên');
  await dialog.getByRole('button', { name: t(`${O}.confirm`) }).click();
  await expect(dialog).toBeHidden();
  await expect(reported).toHaveCount(0);
  // Decided reviews are listed under their outcome, with who decided.
  await ops.getByRole('combobox', { name: t(`${O}.state`) }).click();
  await ops.getByRole('option', { name: t(`${O}.states.HIDDEN`) }).click();
  const hidden = ops.getByTestId(/^reported-review-\d+$/).filter({ hasText: ABUSIVE }).filter({ hasText: PAGE_NAME });
  await expect(hidden).toContainText('ops_demo');
  await expect(hidden).toContainText('Ngôn từ xúc phạm nhân viên');

  // Gone from the public page; the owner reads the outcome and the reason.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 2, name: viTexts.publicPage.reviews })).toBeVisible();
  await expect(visitor.locator('.reviews li').first()).toBeVisible();
  await expect(visitor.locator('.reviews li', { hasText: ABUSIVE })).toHaveCount(0);
  await owner.reload();
  await expect(mine.getByText(t(`${C}.reviews.moderation.HIDDEN`))).toBeVisible();
  await expect(mine.getByTestId('review-moderation')).toContainText('Ngôn từ xúc phạm nhân viên');
});
