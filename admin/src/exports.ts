import { WEEKDAYS } from '@courtside/domain';
import type { AuditRecord } from './audit/types.ts';
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
import { pricesText } from './tiers/tier-form.ts';
import type { UserRecord } from './users/types.ts';
import type { WaitlistRecord } from './waitlist/types.ts';
import type { DeviceRecord } from './devices/types.ts';
import type { WebhookRecord } from './webhooks/types.ts';
import { csvExporter, type CsvRow } from './common/csv.ts';

/**
 * The columns each list's Export button writes, by resource. Every list takes its exporter
 * from `exporters` below, so every export goes through the one CSV writer that neutralises
 * formulas (react-admin's default exporter does not); exports.test.ts checks both.
 */
export const csvColumns = {
  bookings: (b: BookingRecord) => ({
    id: b.id,
    facility: b.facility.name,
    customer: b.user.name,
    email: b.user.email,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    amount: b.payableAmount,
    status: b.status,
    paymentStatus: b.paymentStatus,
    refundState: b.refundState,
    refundedAmount: b.refundedAmount,
    createdAt: b.createdAt,
  }),
  payments: (p: PaymentRecord) => ({
    id: p.id,
    createdAt: p.createdAt,
    paidAt: p.paidAt,
    kind: p.kind,
    customer: p.user.name,
    email: p.user.email,
    bookings: p.bookings.map((b) => `${b.facilityName} ${b.date} ${b.startTime}-${b.endTime}`).join('; '),
    provider: p.provider,
    providerRef: p.providerRef,
    status: p.status,
    amount: p.amount,
    discount: p.discount,
    promoCode: p.promoCode,
    refundedAmount: p.refundedAmount,
    refundState: p.refundState,
    flagReason: p.flagReason,
    flagResolvedAt: p.flagResolvedAt,
    flagResolvedBy: p.flagResolvedBy?.name ?? null,
  }),
  facilities: (f: FacilityRecord) => ({
    id: f.id,
    name: f.name,
    location: f.location,
    sport: f.sport,
    pricePerHour: f.pricePerHour,
    timezone: f.timezone,
    openingHours: WEEKDAYS.map((d) => {
      const hours = f.openingHours?.[d];
      return `${d} ${hours ? `${hours.open}-${hours.close}` : 'closed'}`;
    }).join('; '),
    slotMinutes: f.slotMinutes,
    maxBookingMinutes: f.maxBookingMinutes,
    maxPlayers: f.maxPlayers,
    description: f.description,
    imageUrl: f.imageUrl,
    deleted: f.isDeleted,
  }),
  users: (u: UserRecord) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    address: u.address,
    role: u.role,
  }),
  messages: (m: MessageRecord) => ({
    id: m.id,
    receivedAt: m.createdAt,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
  }),
  // What was sent to whom and how it went; the bodies stay in the back office (long, and HTML).
  emails: (e: EmailRecord) => ({
    id: e.id,
    createdAt: e.createdAt,
    sentAt: e.sentAt,
    recipient: e.recipient,
    subject: e.subject,
    kind: e.kind,
    state: e.state,
    attempts: e.attempts,
    lastError: e.lastError,
    attachments: e.attachments.map((a) => a.filename).join('; '),
  }),
  // Local times as staff wrote them, read on each facility's clock.
  closures: (c: ClosureRecord) => ({
    id: c.id,
    facilities: c.facilities.map((f) => f.name).join('; '),
    start: c.start,
    end: c.end,
    reason: c.reason,
    kind: c.kind,
    createdAt: c.createdAt,
  }),
  series: (s: SeriesRecord) => ({
    id: s.id,
    customer: s.customer.name,
    email: s.customer.email,
    facility: s.facilityName,
    firstDate: s.firstDate,
    lastDate: s.lastDate,
    startTime: s.startTime,
    endTime: s.endTime,
    everyWeeks: s.every,
    dates: s.occurrences.length,
    upcoming: s.upcoming,
    note: s.note,
    createdAt: s.createdAt,
  }),
  // Own prices by facility id, rules numbered from 1 as the form shows them.
  tiers: (t: TierRecord) => ({
    id: t.id,
    name: t.name,
    discountPercent: t.discountPercent,
    facilityPrices: pricesText(t),
    customers: t.customers,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }),
  // Empty cells are no limit; facilities by id.
  'promo-codes': (c: PromoCodeRecord) => ({
    id: c.id,
    code: c.code,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    validFrom: c.validFrom,
    validTo: c.validTo,
    facilityIds: c.facilityIds?.join('; ') ?? null,
    minAmount: c.minAmount,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    uses: c.uses,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  }),
  // Amounts in dollars; an empty bonus life is a bonus that never expires.
  'credit-packs': (p: CreditPackRecord) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    credit: p.credit,
    bonus: p.bonus,
    bonusExpiresDays: p.bonusExpiresDays,
    active: p.active,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }),
  // Who wrote it: staff only, like every export.
  reviews: (r: ReviewRecord) => ({
    id: r.id,
    createdAt: r.createdAt,
    facility: r.facilityName,
    rating: r.rating,
    comment: r.comment,
    customer: r.customerName,
    email: r.customerEmail,
    hidden: r.hidden,
    hiddenReason: r.hiddenReason,
    hiddenBy: r.hiddenByName,
  }),
  // The owner's audit log, as it reads on screen (the action's code, for sorting in a spreadsheet).
  audit: (e: AuditRecord) => ({
    id: e.id,
    at: e.at,
    actorId: e.actorId,
    actor: e.actorName,
    action: e.action,
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    summary: e.summary,
  }),
  // One line per entry, first in line first; a window entry has no facility, only its sport.
  waitlist: (w: WaitlistRecord) => ({
    id: w.id,
    joinedAt: w.joinedAt,
    customer: w.customer.name,
    email: w.customer.email,
    phone: w.customer.phone,
    kind: w.kind,
    facility: w.facility?.name ?? null,
    sport: w.sport,
    date: w.date,
    startTime: w.startTime,
    endTime: w.endTime,
    minutes: w.minutes,
    status: w.status,
    position: w.position,
    offerExpiresAt: w.offer?.expiresAt ?? null,
    removedBy: w.removedBy,
  }),
  // Door devices: never their keys (the server keeps only hashes); facilities by id, empty for all.
  devices: (d: DeviceRecord) => ({
    id: d.id,
    name: d.name,
    facilityIds: d.facilityIds?.join('; ') ?? null,
    createdAt: d.createdAt,
    lastSeenAt: d.lastSeenAt,
    revokedAt: d.revokedAt,
  }),
  // Webhook endpoints: never their secrets (the list does not carry them).
  webhooks: (w: WebhookRecord) => ({
    id: w.id,
    url: w.url,
    description: w.description,
    events: w.events.join('; '),
    disabledAt: w.disabledAt,
    createdAt: w.createdAt,
    pending: w.pending,
    delivered: w.delivered,
    failed: w.failed,
  }),
} satisfies Record<string, (record: never) => CsvRow>;

export type ExportedResource = keyof typeof csvColumns;

/** Each list's `exporter`, the file named after its resource (bookings.csv, users.csv, ...). */
export const exporters = {
  bookings: csvExporter('bookings', csvColumns.bookings),
  payments: csvExporter('payments', csvColumns.payments),
  facilities: csvExporter('facilities', csvColumns.facilities),
  users: csvExporter('users', csvColumns.users),
  messages: csvExporter('messages', csvColumns.messages),
  emails: csvExporter('emails', csvColumns.emails),
  closures: csvExporter('closures', csvColumns.closures),
  series: csvExporter('series', csvColumns.series),
  tiers: csvExporter('tiers', csvColumns.tiers),
  'promo-codes': csvExporter('promo-codes', csvColumns['promo-codes']),
  'credit-packs': csvExporter('credit-packs', csvColumns['credit-packs']),
  reviews: csvExporter('reviews', csvColumns.reviews),
  audit: csvExporter('audit', csvColumns.audit),
  waitlist: csvExporter('waitlist', csvColumns.waitlist),
  devices: csvExporter('devices', csvColumns.devices),
  webhooks: csvExporter('webhooks', csvColumns.webhooks),
} satisfies Record<ExportedResource, unknown>;
