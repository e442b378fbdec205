import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DemoUsers, signIn, t } from './support';

const T = 'resources.payment-integration';

test.describe('payment integration centre', () => {
  test('creates credentials (secret shown once), rotates the key, sets the webhook, sends a test event and sees it delivered in the log', async ({ page }) => {
    // A real receiver on loopback (demo mode allows loopback webhooks).
    const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ipn`;

    try {
      await signIn(page, DemoUsers.otherOwner.username);
      await expect(page).toHaveURL(/\/portal\/app\/welcome/);
      await page.goto('/portal/app/payment-integration-center');
      await expect(page.getByRole('heading', { name: t(`${T}.name`), level: 1 })).toBeVisible();

      // Create the sandbox credentials: the secret is shown once.
      const sandbox = page.getByRole('region', { name: t(`${T}.environments.SANDBOX`) });
      await sandbox.getByRole('button', { name: t(`${T}.credentials.create`) }).click();
      const dialog = page.getByRole('dialog', { name: t(`${T}.credentials.secretTitle`) });
      await expect(dialog.getByText(t(`${T}.credentials.secretOnce`))).toBeVisible();
      const secret = (await dialog.getByTestId('secret-key').textContent())!.trim();
      expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
      await dialog.getByRole('button', { name: t(`${T}.credentials.saved`) }).click();
      await expect(dialog).toBeHidden();
      await expect(sandbox.getByText(t(`${T}.credentials.secretMasked`, { last4: secret.slice(-4) }), { exact: false })).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);

      // Rotate with the default 24-hour overlap: a new secret, the old key listed as replaced.
      await sandbox.getByRole('button', { name: t(`${T}.credentials.rotate`) }).click();
      const rotate = page.getByRole('dialog', { name: t(`${T}.credentials.rotateTitle`) });
      await rotate.getByRole('button', { name: t(`${T}.credentials.rotate`) }).click();
      await expect(dialog).toBeVisible();
      const rotated = (await dialog.getByTestId('secret-key').textContent())!.trim();
      expect(rotated).toMatch(/^sk_/);
      expect(rotated).not.toBe(secret);
      await dialog.getByRole('button', { name: t(`${T}.credentials.saved`) }).click();
      await expect(sandbox.getByText(t(`${T}.credentials.status.ACTIVE`))).toHaveCount(1);
      await expect(sandbox.getByText(t(`${T}.credentials.status.ROTATED`))).toHaveCount(1);

      // Production refuses an http:// webhook in the form itself.
      await page.getByRole('tab', { name: t(`${T}.tabs.webhooks`) }).click();
      const production = page.getByRole('region', { name: t(`${T}.environments.PRODUCTION`) });
      await production.getByRole('textbox', { name: t(`${T}.webhooks.url`) }).fill('http://shop.example.vn/ipn');
      await production.getByRole('button', { name: t(`${T}.webhooks.save`) }).click();
      await expect(production.getByText(t('validation.integration.httpsOnly'), { exact: true })).toBeVisible();

      // Sandbox webhook on the loopback receiver, then a test event.
      const sandboxHook = page.getByRole('region', { name: t(`${T}.environments.SANDBOX`) });
      await sandboxHook.getByRole('textbox', { name: t(`${T}.webhooks.url`) }).fill(webhookUrl);
      await sandboxHook.getByRole('checkbox', { name: new RegExp(`\\(payment\\.succeeded\\)`) }).check();
      await sandboxHook.getByRole('button', { name: t(`${T}.webhooks.save`) }).click();
      const test = page.getByRole('region', { name: t(`${T}.environments.SANDBOX`) }).getByRole('button', { name: t(`${T}.webhooks.sendTest`) });
      await expect(test).toBeEnabled();
      await test.click();

      // The log (opened by the test event) shows it delivered: HTTP 200, one attempt.
      await expect(page.getByRole('tab', { name: t(`${T}.tabs.deliveries`) })).toHaveAttribute('aria-selected', 'true');
      const row = page.getByTestId('delivery-row').filter({ hasText: 'webhook.test' });
      await expect(row).toHaveCount(1);
      await expect(row.getByText(t(`${T}.deliveries.statuses.DELIVERED`))).toBeVisible({ timeout: 20_000 });
      await expect(row.getByRole('cell').nth(4)).toHaveText('200');
      await expect(row.getByRole('cell').nth(6)).toHaveText('1');
      expect(received).toHaveLength(1);
      const [hit] = received;
      const [, ts] = /^t=(\d+),/.exec(String(hit.headers['x-webhook-signature']))!;
      const sign = (key: string) => createHmac('sha256', key).update(`${ts}.${hit.body}`).digest('hex');
      // Signed with the new key and, during the overlap, the rotated one.
      expect(hit.headers['x-webhook-signature']).toBe(`t=${ts},v1=${sign(rotated)},v1=${sign(secret)}`);
      expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test', id: hit.headers['x-webhook-event-id'] });

      // Resend: the same event again, a second attempt.
      await row.getByRole('button', { name: t(`${T}.deliveries.resend`) }).click();
      await expect(row.getByRole('cell').nth(6)).toHaveText('2', { timeout: 20_000 });
      expect(received).toHaveLength(2);
      expect(received[1].headers['x-webhook-event-id']).toBe(hit.headers['x-webhook-event-id']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
