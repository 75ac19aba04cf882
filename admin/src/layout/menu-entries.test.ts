/// <reference types="vite/client" />
import { describe, expect, test } from 'vitest';
import { MENU_RESOURCES, MENU_SCREENS, menuEntriesFor } from './menu-entries.ts';

describe("the console's menu", () => {
  test('desk: the front desk screens, the waitlist and the cash-up, no reports, no promo codes, no devices and no audit log', () => {
    expect(menuEntriesFor('desk')).toEqual(['dashboard', 'day-view', 'today', 'cash-up', 'bookings', 'series', 'waitlist', 'payments', 'facilities', 'closures', 'users', 'tiers', 'credit-packs', 'reviews', 'messages', 'emails']);
  });

  test('manager: also the reports, promo codes and door devices, still no audit log', () => {
    expect(menuEntriesFor('manager')).toEqual(['dashboard', 'day-view', 'today', 'cash-up', 'reports', 'bookings', 'series', 'waitlist', 'payments', 'facilities', 'closures', 'users', 'tiers', 'promo-codes', 'credit-packs', 'devices', 'reviews', 'messages', 'emails']);
  });

  test('owner: everything, the audit log last', () => {
    expect(menuEntriesFor('owner')).toEqual(['dashboard', ...MENU_SCREENS, ...MENU_RESOURCES]);
    expect(menuEntriesFor('admin')).toEqual(menuEntriesFor('owner'));
  });

  test('a customer or nobody: nothing', () => {
    expect(menuEntriesFor('user')).toEqual([]);
    expect(menuEntriesFor(undefined)).toEqual([]);
  });

  test('every resource the console registers has its place in the menu', () => {
    const app = import.meta.glob<string>('../App.tsx', { query: '?raw', import: 'default', eager: true })['../App.tsx']!;
    const registered = [...app.matchAll(/<Resource name="([\w-]+)"/g)].map((m) => m[1]!);
    expect([...registered].sort()).toEqual([...MENU_RESOURCES].sort());
  });
});

test("every screen of the menu has its route in the console", () => {
  const app = import.meta.glob<string>('../App.tsx', { query: '?raw', import: 'default', eager: true })['../App.tsx']!;
  for (const screen of MENU_SCREENS) expect(app).toContain(`<Route path="/${screen}"`);
});
