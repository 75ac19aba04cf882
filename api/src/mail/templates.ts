import { displayDate, displayDateTime, displayInstantDate, doorCodeSentence, doorQrAlt, escapeHtml, displayInstantRange, displayInstantTime, displayZone, formatCents, refundSentence, refundSentences, type MoneyFormat, type RefundVia } from '@courtside/domain';
import type { SealedMailBody } from '@courtside/migrations';
import type { MailConfig } from '../config.ts';

/**
 * Every message Courtside sends, as plain text and HTML. Text from users (names, messages,
 * facility names) is always escaped in the HTML; the venue's name, address and contact come
 * from configuration and sign every message.
 */

export interface RenderedMail {
  subject: string;
  /** The message as staff may read it (the back office's Emails list, .eml files): secret links hidden. */
  text: string;
  html: string;
  /** The message as the customer gets it, for a message with a secret link: given to the relay only. */
  sealed?: SealedMailBody;
}

/**
 * A paragraph of the message, or a link shown as a button in HTML and a bare URL in text. A
 * link that is a key (`secret`: what it is, e.g. "reset link") is in the customer's copy only;
 * the copy staff can read says it was sent, hidden.
 */
type Block = string | LinkBlock | ImageBlock;
type LinkBlock = { link: string; label: string; secret?: string };
/** An image attached to the message (its Content-ID), shown in HTML only; the text says what it shows in words. */
type ImageBlock = { image: string; alt: string; size: number };

/** What staff read in place of a secret link. */
export const hiddenLink = (what: string) => `[${what} sent to the customer; hidden]`;

export interface MailLayout {
  venue: MailConfig['venue'];
  publicBaseUrl: string;
  /** The venue's currency and locale (CURRENCY, LOCALE). */
  money: MoneyFormat;
}

/** A top-up as its email tells it; `timezone` is the venue's, the bonus's last day is written in it. */
export interface WalletTopUpFacts {
  paidCents: number;
  bonusCents: number;
  bonusExpiresAt: Date | null;
  balanceCents: number;
  timezone: string;
}

/** Who a staff notice is about. */
export interface CustomerFacts {
  name: string;
  email: string;
}

/** Money going back: how much, which way (the order's provider decides), and the facility whose desk hands back desk money. */
export interface RefundMailFacts {
  cents: number;
  via: RefundVia;
  facility: { name: string; location: string };
  /** When it goes back more than one way (part credit, part card): each way and its amount. */
  parts?: { via: RefundVia; cents: number }[];
}

/** Where the money goes back, in the words every page uses: one sentence per way back. */
const refundWords = (layout: MailLayout, r: RefundMailFacts) =>
  refundSentences((r.parts?.length ? r.parts : [r]).map((p) => ({ via: p.via, amount: amountIn(layout, p.cents) })), r.facility);

export interface BookingFacts {
  facilityName: string;
  facilityLocation: string;
  timezone: string;
  startsAt: Date;
  endsAt: Date;
  /** Before endsAt when the facility's changeover comes out of the end of the booking. */
  playEndsAt?: Date;
  customerName: string;
  /** A confirmed booking's door code, when it opens the gate (until endsAt), and the Content-ID of its QR attached. */
  door?: DoorFacts;
}

export interface DoorFacts {
  code: string;
  opensAt: Date;
  qrCid: string;
}

/** The QR's size in the message, in CSS pixels. */
const DOOR_QR_SIZE = 160;

/** "Your door code 123456 opens the gate from 5:45 PM until 7:00 PM.", and its QR: what a confirmed booking's messages carry. */
function doorBlocks(layout: MailLayout, b: BookingFacts): Block[] {
  if (!b.door) return [];
  const time = (at: Date) => displayInstantTime(at, b.timezone, localeOf(layout));
  return [
    `${doorCodeSentence(b.door.code, time(b.door.opensAt), time(b.endsAt))} Type it at the gate; the QR code in this message holds the same digits.`,
    { image: b.door.qrCid, alt: doorQrAlt(b.door.code), size: DOOR_QR_SIZE },
  ];
}

function render(layout: MailLayout, subject: string, greeting: string, blocks: Block[]): RenderedMail {
  const shown = compose(layout, subject, greeting, blocks, false);
  if (!blocks.some((b) => typeof b !== 'string' && 'link' in b && b.secret)) return shown;
  const sealed = compose(layout, subject, greeting, blocks, true);
  return { ...shown, sealed: { text: sealed.text, html: sealed.html } };
}

/** The message, its secret links written out (`reveal`, the customer's copy) or hidden (everyone else's). */
function compose(layout: MailLayout, subject: string, greeting: string, blocks: Block[], reveal: boolean): RenderedMail {
  const { venue } = layout;
  const footer = [venue.name, venue.address, venue.contact].filter(Boolean);
  const hidden = (b: LinkBlock) => (b.secret && !reveal ? hiddenLink(b.secret) : undefined);
  const words = blocks.filter((b): b is string | LinkBlock => typeof b === 'string' || 'link' in b);
  const text = [greeting, ...words.map((b) => (typeof b === 'string' ? b : `${b.label}: ${hidden(b) ?? b.link}`)), '--', ...footer].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
        : 'image' in b
          ? `<p><img src="cid:${escapeHtml(b.image)}" alt="${escapeHtml(b.alt)}" width="${b.size}" height="${b.size}" style="display:block"></p>`
          : hidden(b)
          ? `<p>${escapeHtml(b.label)}: ${escapeHtml(hidden(b)!)}</p>`
          : `<p><a href="${escapeHtml(b.link)}" style="background:#1d4ed8;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>`,
    ),
    `<hr><p style="color:#555;font-size:13px">${footer.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${subject} - ${venue.name}`, text, html };
}

/** The site's pages messages link to (api/test/email-booking.test.ts checks each has a page). */
export const SITE_LINKS = {
  myBookings: '/dashboard/userBookings',
  checkout: '/dashboard/checkoutForPayment',
  catalogue: '/facilities-list',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  backOffice: '/admin/',
  wallet: '/dashboard/wallet',
} as const;

/** "$12.50" in the venue's currency and locale. */
const amountIn = (layout: MailLayout, cents: number) => formatCents(cents, layout.money);
const hello = (name: string) => `Hello ${name},`;
const myBookings = (layout: MailLayout): Block => ({ link: `${layout.publicBaseUrl}${SITE_LINKS.myBookings}`, label: 'My bookings' });
const myWallet = (layout: MailLayout): Block => ({ link: `${layout.publicBaseUrl}${SITE_LINKS.wallet}`, label: 'My credit' });
const backOffice = (layout: MailLayout, hash = ''): Block => ({ link: `${layout.publicBaseUrl}${SITE_LINKS.backOffice}${hash}`, label: 'Open the back office' });

/** The venue's LOCALE: every date and time in a message is written in it, on its clock. */
const localeOf = (layout: MailLayout) => layout.money.locale;

/** "Tuesday, March 2, 2027, 10:00 AM (New York time)": a moment on a facility's clock. */
export const momentIn = (layout: MailLayout, instant: Date, timezone: string) =>
  `${displayDateTime(instant, timezone, localeOf(layout))} (${displayZone(timezone)})`;

/** "Tuesday, March 2, 2027, 10:00 AM – 11:00 AM (New York time)": the facility's own wall clock. */
export function bookingWhen(layout: MailLayout, b: Pick<BookingFacts, 'startsAt' | 'endsAt' | 'timezone'>): string {
  return `${displayInstantRange(b.startsAt, b.endsAt, b.timezone, localeOf(layout))} (${displayZone(b.timezone)})`;
}

/** "Play ends at 10:50 AM (the last 10 minutes turn the court over)." when a changeover takes the end of the booking. */
function playLine(layout: MailLayout, b: BookingFacts): string {
  const changeover = b.playEndsAt ? Math.round((b.endsAt.getTime() - b.playEndsAt.getTime()) / 60_000) : 0;
  if (!b.playEndsAt || changeover <= 0) return '';
  return `\nPlay ends at ${displayInstantTime(b.playEndsAt, b.timezone, localeOf(layout))} (the last ${changeover} minutes turn the court over).`;
}

const bookingLines = (layout: MailLayout, b: BookingFacts) => [`${b.facilityName}\n${bookingWhen(layout, b)}${playLine(layout, b)}${b.facilityLocation ? `\n${b.facilityLocation}` : ''}`];

export const templates = {
  welcome: (layout: MailLayout, name: string) =>
    render(layout, 'Welcome', hello(name), [
      `Your account at ${layout.venue.name} is ready. Book a court whenever you like; we will send you a confirmation and a reminder before each game.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.catalogue}`, label: 'Book a court' },
    ]),

  passwordReset: (layout: MailLayout, name: string, token: string, minutes: number) =>
    render(layout, 'Reset your password', hello(name), [
      `Someone (we hope you) asked to reset the password of your account. The link works once, for ${minutes} minutes.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.resetPassword}?token=${encodeURIComponent(token)}`, label: 'Choose a new password', secret: 'reset link' },
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ]),

  staffInvitation: (layout: MailLayout, name: string, role: string, invitedBy: string, token: string, days: number) =>
    render(layout, `You are invited to the ${layout.venue.name} back office`, hello(name), [
      `${invitedBy} invited you to the ${layout.venue.name} back office as ${role}. Choose a password to sign in; the link works once, for ${days} days.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.resetPassword}?token=${encodeURIComponent(token)}`, label: 'Choose your password', secret: 'invitation link' },
      `Then sign in at ${layout.publicBaseUrl}/admin/ with this email address.`,
    ]),

  accountCreated: (layout: MailLayout, name: string, token: string, days: number) =>
    render(layout, `Your account at ${layout.venue.name}`, hello(name), [
      `We made you an account at ${layout.venue.name}, so you can see and manage your bookings online and book your next game yourself. Choose a password to sign in; the link works once, for ${days} days.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.resetPassword}?token=${encodeURIComponent(token)}`, label: 'Choose your password', secret: 'account link' },
      'If you did not expect this, ignore this message: nobody can sign in to the account until a password is chosen.',
    ]),

  passwordChanged: (layout: MailLayout, name: string) =>
    render(layout, 'Your password was changed', hello(name), [
      'The password of your account was just changed, and every device signed in with the old one was signed out. If you subscribed to your bookings calendar, its link ended too: your profile has the new one.',
      `If this was not you, reset your password now and tell us${layout.venue.contact ? ` (${layout.venue.contact})` : ''}.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.forgotPassword}`, label: 'Reset password' },
    ]),

  contactNotice: (layout: MailLayout, m: { name: string; email: string; subject: string; message: string }) =>
    render(layout, `New contact message: ${m.subject}`, 'Hello,', [
      `${m.name} <${m.email}> wrote through the contact form:`,
      `Subject: ${m.subject}\n\n${m.message}`,
      backOffice(layout),
    ]),

  /** `dueCents`: still to pay at the desk (a booking staff confirmed unpaid); `discount`: what a promo code took off it. */
  bookingConfirmed: (
    layout: MailLayout,
    b: BookingFacts,
    amountCents: number,
    dueCents = 0,
    discount?: { code: string; cents: number },
    /** Its free-cancellation deadline (the facility's window), and whether it is still ahead. */
    cancel?: { until: Date; open: boolean } | null,
  ) =>
    render(layout, `Booking confirmed: ${b.facilityName}`, hello(b.customerName), [
      'Your booking is confirmed:',
      ...bookingLines(layout, b),
      ...doorBlocks(layout, b),
      ...(amountCents > 0 ? [`Paid: ${amountIn(layout, amountCents)}`] : []),
      ...(discount ? [`Promo code ${discount.code}: ${amountIn(layout, discount.cents)} off`] : []),
      ...(dueCents > 0 ? [`To pay at the desk: ${amountIn(layout, dueCents)}`] : []),
      ...(cancel
        ? [cancel.open
          ? `Free cancellation until ${momentIn(layout, cancel.until, b.timezone)}, in My bookings; after that it can no longer be cancelled online.`
          : `Free cancellation ended ${momentIn(layout, cancel.until, b.timezone)}: it can no longer be cancelled online.`]
        : []),
      'The attached calendar file adds it to your calendar.',
      myBookings(layout),
    ]),

  paymentLink: (layout: MailLayout, b: BookingFacts, amountCents: number, paymentUrl: string, payBy: Date) =>
    render(layout, `Pay to confirm your booking: ${b.facilityName}`, hello(b.customerName), [
      'We are holding this booking for you:',
      ...bookingLines(layout, b),
      `It is confirmed once you pay ${amountIn(layout, amountCents)}, by ${momentIn(layout, payBy, b.timezone)}; after that the slot is released.`,
      { link: paymentUrl, label: `Pay ${amountIn(layout, amountCents)}` },
    ]),

  seriesConfirmed: (layout: MailLayout, dates: BookingFacts[], money: { paidCents: number; dueCents: number }, skipped: { date: string; reason: string }[]) =>
    render(layout, `Weekly booking confirmed: ${dates[0]!.facilityName}`, hello(dates[0]!.customerName), [
      `Your weekly booking at ${dates[0]!.facilityName} is confirmed for ${dates.length} date${dates.length === 1 ? '' : 's'}:`,
      dates.map((d) => bookingWhen(layout, d)).join('\n'),
      ...(skipped.length ? [`Not booked (taken or closed):\n${skipped.map((s) => `${displayDate(s.date, localeOf(layout))}: ${s.reason}`).join('\n')}`] : []),
      ...(money.paidCents > 0 ? [`Paid: ${amountIn(layout, money.paidCents)}`] : []),
      ...(money.dueCents > 0 ? [`To pay at the desk: ${amountIn(layout, money.dueCents)}`] : []),
      'The attached calendar file adds every date to your calendar.',
      myBookings(layout),
    ]),

  /** Several dates of a weekly series cancelled by the venue at once: one message listing them, with what goes back each way. */
  seriesCancelled: (layout: MailLayout, dates: BookingFacts[], refunds: RefundMailFacts[], why: string) =>
    render(layout, `Weekly booking cancelled: ${dates[0]!.facilityName}`, hello(dates[0]!.customerName), [
      `We are sorry: the venue had to cancel ${dates.length} date${dates.length === 1 ? '' : 's'} of your weekly booking at ${dates[0]!.facilityName} (${why}):`,
      dates.map((d) => bookingWhen(layout, d)).join('\n'),
      ...(refunds.length ? refunds.map((r) => refundSentence({ via: r.via, amount: amountIn(layout, r.cents), facility: r.facility })) : ['No refund is due for them.']),
      'The attached calendar file removes them from your calendar.',
      myBookings(layout),
    ]),

  bookingMoved: (layout: MailLayout, b: BookingFacts, was: BookingFacts) =>
    render(layout, `Booking moved: ${b.facilityName}`, hello(b.customerName), [
      'Your booking has moved. It is now:',
      ...bookingLines(layout, b),
      ...doorBlocks(layout, b),
      `It was: ${was.facilityName === b.facilityName ? '' : `${was.facilityName}, `}${bookingWhen(layout, was)}.`,
      'The attached calendar file updates the event in your calendar.',
      myBookings(layout),
    ]),

  /**
   * `byVenue`: the venue cancelled it (with why, when it said); undefined when the customer did. `refund`: none when nothing is due.
   * `held`: it was held for the customer's payment (never paid): its payment page stops taking money.
   */
  bookingCancelled: (layout: MailLayout, b: BookingFacts, refund: RefundMailFacts | undefined, byVenue?: { why?: string }, held = false) =>
    render(layout, `Booking cancelled: ${b.facilityName}`, hello(b.customerName), [
      byVenue
        ? `We are sorry: the venue had to cancel this booking${held ? ' we were holding for your payment' : ''}${byVenue.why ? ` (${byVenue.why})` : ''}:`
        : 'This booking is cancelled:',
      ...bookingLines(layout, b),
      held
        ? 'Nothing was charged, and its payment link no longer works: there is nothing to pay.'
        : refund && refund.cents > 0 ? refundWords(layout, refund) : 'No refund is due for it.',
      myBookings(layout),
    ]),

  /**
   * The venue moved a booking held for the customer's payment: the old payment link no longer
   * works (it priced the old time); `paymentUrl` is the new one, or null when none could be
   * opened (the venue then takes payment another way).
   */
  heldBookingMoved: (layout: MailLayout, b: BookingFacts, was: BookingFacts, amountCents: number, paymentUrl: string | null, payBy: Date) =>
    render(layout, `Booking moved: ${b.facilityName}, new payment link`, hello(b.customerName), [
      'The venue moved the booking we are holding for your payment. It is now:',
      ...bookingLines(layout, b),
      `It was: ${was.facilityName === b.facilityName ? '' : `${was.facilityName}, `}${bookingWhen(layout, was)}.`,
      paymentUrl
        ? `The payment link we sent before no longer works (nothing was charged through it). It is confirmed once you pay ${amountIn(layout, amountCents)} with the new link below, by ${momentIn(layout, payBy, b.timezone)}; after that the slot is released.`
        : `The payment link we sent before no longer works (nothing was charged through it). The venue will tell you how to pay ${amountIn(layout, amountCents)} for the new time.`,
      ...(paymentUrl ? [{ link: paymentUrl, label: `Pay ${amountIn(layout, amountCents)}` }] : []),
      myBookings(layout),
    ]),

  /** The waitlist's offer: a held booking in the customer's name, theirs if they pay by `payBy`. */
  waitlistOffer: (layout: MailLayout, b: BookingFacts, amountCents: number, payBy: Date) =>
    render(layout, `A court is free for you: ${b.facilityName}`, hello(b.customerName), [
      'The time you were waiting for is free, and we are holding it for you:',
      ...bookingLines(layout, b),
      `It is yours once you pay ${amountIn(layout, amountCents)} by ${momentIn(layout, payBy, b.timezone)}. After that it goes to the next person waiting.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.checkout}`, label: `Pay ${amountIn(layout, amountCents)}` },
      'Not needed any more? Cancel it in My bookings, and it goes to the next person at once.',
      myBookings(layout),
    ]),

  /** To an address the organizer invited (not a customer we know): who invites, to what, and the booking's link. */
  playerInvitation: (layout: MailLayout, b: BookingFacts, organizerFirstName: string, joinUrl: string) =>
    render(layout, `${organizerFirstName} invites you to play: ${b.facilityName}`, 'Hello,', [
      `${organizerFirstName} booked a court and invites you to play:`,
      ...bookingLines(layout, b),
      { link: joinUrl, label: 'See the booking and join' },
      `Sign in or create an account to join. If you were not expecting this, ignore it: nothing happens unless you join.`,
    ]),

  /** To a player who just joined a booking: what it is, with its calendar event once it is confirmed (`held`: not yet). */
  playerJoined: (layout: MailLayout, b: BookingFacts, organizerFirstName: string, held: boolean) =>
    render(layout, `You're playing: ${b.facilityName}`, hello(b.customerName), [
      `You joined ${organizerFirstName}'s booking:`,
      ...bookingLines(layout, b),
      ...doorBlocks(layout, b),
      held
        ? `It is confirmed once ${organizerFirstName} pays; we will send you its calendar event then. It is in My bookings, where you can also leave it.`
        : 'The attached calendar file adds it to your calendar. It is in My bookings, where you can also leave it. We will remind you before the game.',
      myBookings(layout),
    ]),

  /** To the players of a booking its organizer just paid for. */
  playerBookingConfirmed: (layout: MailLayout, b: BookingFacts, organizerFirstName: string) =>
    render(layout, `Booking confirmed: ${b.facilityName}`, hello(b.customerName), [
      `${organizerFirstName}'s booking you play in is confirmed:`,
      ...bookingLines(layout, b),
      ...doorBlocks(layout, b),
      'The attached calendar file adds it to your calendar.',
      myBookings(layout),
    ]),

  /** To the players of a booking that was cancelled (by its organizer, or by the venue). */
  playerBookingCancelled: (layout: MailLayout, b: BookingFacts, organizerFirstName: string, byVenue?: { why?: string }) =>
    render(layout, `Booking cancelled: ${b.facilityName}`, hello(b.customerName), [
      byVenue
        ? `We are sorry: the venue had to cancel ${organizerFirstName}'s booking you were playing in${byVenue.why ? ` (${byVenue.why})` : ''}:`
        : `${organizerFirstName} cancelled the booking you were playing in:`,
      ...bookingLines(layout, b),
      myBookings(layout),
    ]),

  /** To a player whose share of a split booking was just paid (by them). */
  sharePaid: (layout: MailLayout, b: BookingFacts, organizerFirstName: string, amountCents: number) =>
    render(layout, `Share paid: ${amountIn(layout, amountCents)}`, hello(b.customerName), [
      `You paid your share of ${organizerFirstName}'s booking, ${amountIn(layout, amountCents)}:`,
      ...bookingLines(layout, b),
      'If you leave the booking before it starts, your share is refunded to you.',
      myBookings(layout),
    ]),

  /** To a player with a share still unpaid, before the due time, when it goes to the organizer's card. */
  shareDueSoon: (layout: MailLayout, b: BookingFacts, organizerFirstName: string, amountCents: number, dueAt: Date) =>
    render(layout, `Your share is due: ${amountIn(layout, amountCents)}`, hello(b.customerName), [
      `Your share of ${organizerFirstName}'s booking is ${amountIn(layout, amountCents)}:`,
      ...bookingLines(layout, b),
      `Please pay it by ${momentIn(layout, dueAt, b.timezone)}. After that, ${organizerFirstName}'s card is charged for every share still unpaid.`,
      { link: `${layout.publicBaseUrl}${SITE_LINKS.myBookings}`, label: `Pay ${amountIn(layout, amountCents)} in My bookings` },
    ]),

  /** To an organizer: the shares unpaid at the due time were charged to their card. */
  sharesCovered: (layout: MailLayout, b: BookingFacts, amountCents: number, shares: number) =>
    render(layout, `Unpaid shares charged: ${amountIn(layout, amountCents)}`, hello(b.customerName), [
      `${shares === 1 ? 'One share was' : `${shares} shares were`} still unpaid at the due time, so, as agreed when you paid, we charged ${amountIn(layout, amountCents)} to your card:`,
      ...bookingLines(layout, b),
      'Your booking is paid in full.',
      myBookings(layout),
    ]),

  /** To an organizer whose card was declined for the unpaid shares: what is owed; the booking stays. */
  coverDeclined: (layout: MailLayout, b: BookingFacts, amountCents: number) =>
    render(layout, `Payment declined: ${amountIn(layout, amountCents)} still owed`, hello(b.customerName), [
      `At the due time we tried to charge your card ${amountIn(layout, amountCents)} for the shares still unpaid, and it was declined. Your booking stays:`,
      ...bookingLines(layout, b),
      `You owe ${amountIn(layout, amountCents)}: please pay it at the desk when you arrive. The venue has been told.`,
      myBookings(layout),
    ]),

  /** A moved booking's difference taken at the desk: it is paid in full at its new price. */
  balanceCollected: (layout: MailLayout, b: BookingFacts, collectedCents: number, priceCents: number) =>
    render(layout, `Payment received: ${amountIn(layout, collectedCents)}`, hello(b.customerName), [
      `We received ${amountIn(layout, collectedCents)} at the desk: the difference after your booking moved to a slot at a higher price. It is now paid in full (${amountIn(layout, priceCents)}):`,
      ...bookingLines(layout, b),
      myBookings(layout),
    ]),

  /** Credit added to a wallet (a pack bought online or at the desk): what was paid, the bonus and when it runs out, and the balance now. */
  walletToppedUp: (layout: MailLayout, customerName: string, t: WalletTopUpFacts) => {
    const bonus = t.bonusCents > 0
      ? `, ${amountIn(layout, t.bonusCents)} bonus${t.bonusExpiresAt ? `, valid until ${displayInstantDate(t.bonusExpiresAt, t.timezone, localeOf(layout))}` : ''}`
      : '';
    return render(layout, `${amountIn(layout, t.paidCents + t.bonusCents)} of credit added`, hello(customerName), [
      `${amountIn(layout, t.paidCents + t.bonusCents)} of credit added: ${amountIn(layout, t.paidCents)} paid${bonus}; your balance is now ${amountIn(layout, t.balanceCents)}.`,
      'Your credit pays for bookings at checkout; bonus credit is spent first, soonest to run out first.',
      { link: `${layout.publicBaseUrl}${SITE_LINKS.catalogue}`, label: 'Book a court' },
    ]);
  },

  refundCompleted: (layout: MailLayout, customerName: string, refund: RefundMailFacts, b?: BookingFacts) =>
    render(layout, `Refund of ${amountIn(layout, refund.cents)} sent`, hello(customerName), [
      refundSentence({ via: refund.via, amount: amountIn(layout, refund.cents), facility: refund.facility, done: true }),
      ...(b ? ['It was for:', ...bookingLines(layout, b)] : []),
      ...(refund.via === 'provider' ? ['Depending on your bank, it can take a few days to show on your statement.'] : []),
      myBookings(layout),
    ]),

  /** Staff: desk money to hand back at the desk, until someone records doing it. */
  refundToCollect: (layout: MailLayout, c: CustomerFacts, refund: RefundMailFacts, orderId: string) =>
    render(layout, `Refund to hand back at the desk: ${amountIn(layout, refund.cents)} to ${c.name}`, 'Hello,', [
      `${c.name} <${c.email}> paid ${amountIn(layout, refund.cents)} at the desk (order ${orderId}), and it is to be refunded. They were told: "${refundSentence({ via: refund.via, amount: amountIn(layout, refund.cents), facility: refund.facility })}"`,
      'When you hand the money back, press "Refunded at the desk" on the payment, so it is recorded with your name and the time.',
      backOffice(layout, `#/payments/${orderId}/show`),
    ]),

  refundFailed: (layout: MailLayout, c: CustomerFacts, amountCents: number, orderId: string, error: string) =>
    render(layout, `Refund failed, retrying: ${amountIn(layout, amountCents)} to ${c.name}`, 'Hello,', [
      `A refund of ${amountIn(layout, amountCents)} to ${c.name} <${c.email}> (order ${orderId}) was not accepted by the payment provider:`,
      error,
      'Courtside keeps retrying it automatically, at longer and longer intervals. If it keeps failing, refund the customer another way and record it on the order.',
      backOffice(layout, `#/payments/${orderId}/show`),
    ]),

  paymentFlagged: (layout: MailLayout, c: CustomerFacts, orderId: string, reason: string) =>
    render(layout, `Payment flagged: ${c.name}`, 'Hello,', [
      `A payment by ${c.name} <${c.email}> (order ${orderId}) needs a look:`,
      reason,
      backOffice(layout, `#/payments/${orderId}/show`),
    ]),

  bookingReminder: (layout: MailLayout, b: BookingFacts) =>
    render(layout, `Reminder: ${b.facilityName}`, hello(b.customerName), [
      'A reminder of your booking:',
      ...bookingLines(layout, b),
      ...doorBlocks(layout, b),
      myBookings(layout),
      'You can turn these reminders off in your profile.',
    ]),

  noShowMarked: (layout: MailLayout, b: BookingFacts, graceMinutes: number) =>
    render(layout, `Marked as a no-show: ${b.facilityName}`, hello(b.customerName), [
      `Nobody checked in for this booking by ${graceMinutes} minutes after its start, so it is recorded as a no-show:`,
      ...bookingLines(layout, b),
      `If you were there, tell us${layout.venue.contact ? ` (${layout.venue.contact})` : ''} and we will clear it. If you cannot come to a booking, cancelling it frees the court for someone else.`,
      myBookings(layout),
    ]),

  walletLow: (layout: MailLayout, name: string, balanceCents: number) =>
    render(layout, 'Your credit is running low', hello(name), [
      `After your last booking your credit is ${amountIn(layout, balanceCents)}.`,
      'Top up before your next booking to keep paying with credit (packs may add bonus credit).',
      myWallet(layout),
    ]),

  creditExpiring: (layout: MailLayout, name: string, expiringCents: number, expiresAt: string, balanceCents: number) =>
    render(layout, `${amountIn(layout, expiringCents)} of bonus credit expires soon`, hello(name), [
      `${amountIn(layout, expiringCents)} of your bonus credit expires on ${expiresAt}. Bookings paid with credit use bonus credit first.`,
      `Your credit is ${amountIn(layout, balanceCents)} in all.`,
      myWallet(layout),
    ]),

  bookingBlocked: (layout: MailLayout, name: string, until: string, noShows: number, windowDays: number) =>
    render(layout, 'Online booking paused', hello(name), [
      `${noShows} of your bookings in the last ${windowDays} days were no-shows: nobody checked in for them. You cannot book online until ${until}.`,
      `Your existing bookings stay as they are. To book before then, or if a no-show was a mistake, contact us${layout.venue.contact ? ` (${layout.venue.contact})` : ''}.`,
    ]),
};
