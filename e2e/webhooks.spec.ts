import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { apiGet, expectNoSeriousA11yViolations, notices, signIn } from './helpers.ts';

/**
 * Settings → Webhooks (issue 30 §3; Admin): the admin adds an endpoint pointing at a receiver on this machine, copies
 * the secret shown once, sends a test event, which the server's worker delivers within seconds, reads it in the
 * delivery log, redelivers it, and deletes the endpoint after confirming. On a 390 px phone the page stays usable.
 */
const PAGE = '/settings/webhooks';

test('admin adds an endpoint, sends a test event, reads the log, redelivers and deletes', async ({ page }) => {
  test.setTimeout(120_000);
  const received: { type: string; id: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; id: string };
      received.push({ type: parsed.type, id: parsed.id });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tms-hook`;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page.getByTestId('webhooks-empty').or(page.getByTestId('webhooks-table').locator('[data-row-key]').first())).toBeVisible();

    // 1. Create: URL, description, two events by their names, two deliveries at once; the secret is shown once.
    await page.getByTestId('webhook-new').click();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-description').fill('Payroll bridge');
    await page.getByTestId('webhook-event-request.approved').check();
    await page.getByTestId('webhook-event-employee.updated').check();
    await expect(page.getByTestId('webhook-max-in-flight')).toHaveValue('4');
    await page.getByTestId('webhook-max-in-flight').fill('2');
    await page.getByTestId('webhook-save').click();
    await expect(page.getByTestId('webhook-secret-value')).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('webhook-secret-close').click();
    const row = page.getByTestId('webhooks-table').locator('[data-row-key]').filter({ hasText: url });
    await expect(row).toContainText('Request approved, Employee updated');
    await expect(row).toContainText('Payroll bridge');
    await expectNoSeriousA11yViolations(page, 'Webhooks');
    // The page does not scroll sideways on a phone: the table scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 2. Send a test event: the worker delivers it within a few polls.
    const id = await row.getAttribute('data-row-key');
    const saved = (await apiGet<{ id: number; max_in_flight: number }[]>(page, '/tms/webhooks')).data.find((e) => String(e.id) === id);
    expect(saved?.max_in_flight).toBe(2);
    await page.getByTestId(`webhook-test-${id}`).click();
    await expect(notices(page).getByText('Test event queued')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]!.type).toBe('webhook.test');

    // 3. The log: delivered, answer 200 and its body; Redeliver sends the same event again.
    await page.getByTestId(`webhook-deliveries-${id}`).click();
    const drawer = page.getByTestId('webhook-deliveries-drawer');
    await expect(drawer.getByText('Delivered').first()).toBeVisible({ timeout: 15_000 });
    await expect(drawer).toContainText('Test event');
    await expect(drawer).toContainText('thanks');
    await expect(drawer).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await drawer.getByRole('button', { name: /^Redeliver delivery \d+$/ }).first().click();
    await expect(notices(page).getByText('Redelivery queued')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.id).toBe(received[0]!.id);
    await page.keyboard.press('Escape');

    // 4. Delete, after confirming.
    await page.getByTestId(`webhook-delete-${id}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(notices(page).getByText('Webhook endpoint deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('only the admin has Settings → Webhooks', async ({ page }) => {
  await signIn(page, 'hr');
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/404$/);
});
