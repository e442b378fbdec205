/**
 * The layout every screen shares (header, sidebar, footer) and the status chips it shows pass axe with no
 * serious or critical violation, in both languages: sidebar entries are list items, links in text are
 * underlined, warning and info colours reach 4.5:1. The every-screen check of the scale and accessibility
 * issue builds on this one.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chooseMerchant, DemoMerchants, DemoUsers, signIn, t, type Lng } from './support';

// Screens with the layout and with filled and outlined status chips (warning included).
const SCREENS = ['welcome', 'report-center/transaction-report', 'payment-links'] as const;

for (const lng of ['vi', 'en'] as const satisfies readonly Lng[]) {
  test(`the shared layout has no serious or critical accessibility violation (${lng})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DemoUsers.owner.username);
    await chooseMerchant(page, DemoMerchants.sme.name);
    if (lng === 'en') await page.evaluate(() => localStorage.setItem('langKey', 'en'));
    for (const screen of SCREENS) {
      await page.goto(`/portal/app/${screen}`);
      await expect(page.getByRole('navigation', { name: t('portal.layout.navigation', {}, lng) })).toBeVisible();
      // The page's own content has arrived (no skeleton, no progress) before it is judged.
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(blocking, `${screen} (${lng})`).toEqual([]);
    }
  });
}
