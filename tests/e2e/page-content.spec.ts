/**
 * Issue 16, content management in the browser (vi and en): the owner writes a post with an uploaded image
 * on the seeded ACTIVE page and publishes it; the demo customer sees it on the public page, reviews the page
 * with 4 stars; the owner replies from content management and the reply shows on the public page.
 *
 * The post editor holds two <img> elements once an image is inserted: the uploaded image and ProseMirror's
 * `img.ProseMirror-separator`, a hack it appends after an inline leaf node at the end of a paragraph so the
 * caret can sit there. The test targets the image by its source (the page media address), not by tag.
 */
import { expect, test, type Browser } from '@playwright/test';
import enTexts from '../../src/i18n/en/publicPage.json' with { type: 'json' };
import viTexts from '../../src/i18n/vi/publicPage.json' with { type: 'json' };
import { solidPng } from '../../server/db/seed-merchant-profile';
import { chooseMerchant, DemoMerchants, escapeRegExp, t, type Lng, signedInPage } from './support';

const C = 'resources.content-management';
const SLUG = 'ca_phe_song_han';
const PAGE_NAME = 'Cà Phê Sông Hàn';
const MEDIA = /\/api\/user-generated-content\/v1\/media\/[^/]+$/;
const publicTexts = { vi: viTexts.publicPage, en: enTexts.publicPage } as const;
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k]));

const signedIn = (browser: Browser, username: string, lng: Lng) => signedInPage(browser, username, { lng, reload: false });

for (const lng of ['vi', 'en'] as const) {
  test(`the owner publishes a post with an image, the customer sees it and reviews, the owner's reply shows publicly (${lng})`, async ({ browser }) => {
    const tr = (key: string, vars: Record<string, string | number> = {}) => t(key, vars, lng);
    const pub = publicTexts[lng];
    const stamp = `${lng} ${Date.now() % 100000}`;
    const postText = `Bánh mì mới ra lò ${stamp}`;
    const reviewText = `Cà phê muối ngon, chỗ ngồi rộng ${stamp}`;
    const replyText = `Cảm ơn bạn, hẹn gặp lại ${stamp}`;

    // The owner opens the page's posts from content management and writes a post.
    const owner = await signedIn(browser, 'owner_demo', lng);
    await chooseMerchant(owner, DemoMerchants.sme.name);
    await owner.goto('/portal/app/content-management');
    await owner.getByRole('link', { name: `${tr('resources.content-posts.name')} ${PAGE_NAME}` }).click();
    await expect(owner).toHaveURL(/\/content-management\/\d+\/posts$/);
    const pageId = Number(/content-management\/(\d+)\//.exec(owner.url())![1]);
    await owner.getByRole('link', { name: tr(`${C}.posts.create`) }).click();
    await expect(owner).toHaveURL(new RegExp(`/business-page/${pageId}/create-post$`));
    await expect(owner.getByRole('heading', { name: tr(`${C}.editor.createTitle`) }).last()).toBeVisible();
    const editor = owner.locator('.ProseMirror');
    await editor.click();
    await owner.keyboard.type(postText);
    const uploaded = owner.waitForResponse((r) => r.url().includes(`/pages/${pageId}/media`) && r.request().method() === 'POST');
    await owner.getByTestId('post-image-input').setInputFiles({ name: 'banh-mi.png', mimeType: 'image/png', buffer: solidPng(64, 48, [200, 120, 40]) });
    expect((await uploaded).status()).toBe(200);
    const image = editor.locator('img:not(.ProseMirror-separator)');
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute('src', MEDIA);
    const src = (await image.getAttribute('src'))!;
    // Once in the full suite the click did not take ("did not change its state"), right after the image
    // went in (29/11): checked again until it holds. The public page below shows published posts only.
    const publishNow = owner.getByRole('radio', { name: tr(`${C}.editor.statusChoices.PUBLISHED`) });
    await expect(async () => publishNow.check()).toPass({ timeout: 10_000 });
    const saved = owner.waitForResponse((r) => /\/pages\/\d+\/posts(\?|$)/.test(r.url()) && r.request().method() === 'POST');
    await owner.getByRole('button', { name: tr(`${C}.editor.save`) }).click();
    expect((await saved).status()).toBe(200);
    await expect(owner).toHaveURL(new RegExp(`/business-page/${pageId}/post/\\d+$`));

    // The demo customer sees the post with its image on the public page, signs in and reviews 4 stars.
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`/portal/p/${SLUG}?lang=${lng}`);
    const post = customer.locator('article.post', { hasText: postText });
    await expect(post).toBeVisible();
    // Once, where the owner placed it in the text (not again below the post).
    await expect(post.locator(`img[src="${src}"]`)).toHaveCount(1);
    await expect(post.locator(`.body img[src="${src}"]`)).toBeVisible();
    await customer.getByLabel(pub.username).fill('customer_demo');
    await customer.getByLabel(pub.password).fill('Demo@1234');
    await customer.getByLabel(pub.password).press('Enter');
    await expect(customer.getByText(fill(pub.signedInAs, { name: 'Nguyễn Minh Khách' }))).toBeVisible();
    await customer.getByRole('radio', { name: '4★' }).check();
    await customer.getByLabel(pub.reviewText).fill(reviewText);
    await customer.getByRole('button', { name: pub.submitReview }).click();
    const mine = customer.locator('.reviews li', { hasText: reviewText });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('img', { name: fill(pub.stars, { count: 4 }) })).toBeVisible();

    // The owner answers it in content management (a reply the seed wrote stays on the review, so it may be an edit).
    await owner.goto(`/portal/app/content-management/${pageId}/reviews`);
    const review = owner.getByTestId(/^review-\d+$/).filter({ hasText: reviewText });
    await expect(review).toBeVisible();
    await expect(review.getByRole('img', { name: tr(`${C}.reviews.stars`, { n: 4 }) })).toBeVisible();
    await review.getByRole('button', { name: new RegExp(`^(${escapeRegExp(tr(`${C}.reviews.reply`))}|${escapeRegExp(tr(`${C}.reviews.editReply`))})$`) }).click();
    await review.getByRole('textbox', { name: tr(`${C}.reviews.replyLabel`) }).fill(replyText);
    await review.getByRole('button', { name: tr(`${C}.reviews.sendReply`) }).click();
    await expect(review.getByTestId('review-reply')).toHaveText(replyText);

    // The reply shows under the customer's review on the public page.
    await customer.reload();
    const answered = customer.locator('.reviews li', { hasText: reviewText });
    await expect(answered.locator('.reply')).toContainText(pub.reply);
    await expect(answered.locator('.reply')).toContainText(replyText);
  });
}
