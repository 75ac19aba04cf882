import { chromium } from '@playwright/test';
const base = process.env.BASE!;
const out = '/work/r14/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/admin/`);
  await page.getByLabel(/email/i).fill('prove.admin@example.com');
  await page.getByLabel(/password/i).fill('prove-Admin-Pass-42');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForTimeout(2000);
  const started = Date.now();
  await page.goto(`${base}/admin/#/reports?from=2025-11-28&to=2026-11-27&groupBy=month`);
  await page.getByText(/Occupancy/).first().waitFor();
  await page.waitForLoadState('networkidle');
  console.log(name, 'loaded in', Date.now() - started, 'ms');
  await page.screenshot({ path: `${out}/reports-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
