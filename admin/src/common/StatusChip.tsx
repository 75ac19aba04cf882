import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { OutboxState } from '@courtside/domain';

type Look = { label: string; color: 'success' | 'warning' | 'default' | 'error' | 'info' };

const BOOKING: Record<string, Look> = {
  confirmed: { label: 'Confirmed', color: 'success' },
  pending: { label: 'Held (awaiting payment)', color: 'warning' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
};
const PAYMENT: Record<string, Look> = {
  paid: { label: 'Paid', color: 'success' },
  unpaid: { label: 'Unpaid', color: 'default' },
  refunded: { label: 'Refunded', color: 'info' },
};

/** An order's payment (the payments resource). */
const ORDER: Record<string, Look> = {
  pending: { label: 'Awaiting payment', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
  refunded: { label: 'Refunded', color: 'info' },
};
/** Where money on its way back stands, for a booking or a whole order ('partial' is orders only). */
const REFUND: Record<string, Look> = {
  pending: { label: 'Refund pending', color: 'warning' },
  partial: { label: 'Partly refunded', color: 'info' },
  refunded: { label: 'Refunded', color: 'info' },
  failed: { label: 'Refund failed', color: 'error' },
  to_collect: { label: 'To refund at the desk', color: 'warning' },
};

/** An outgoing email (the emails resource): waiting in the outbox, delivered, or given up on. */
const OUTBOX = {
  pending: { label: 'Pending', color: 'warning' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} satisfies Record<OutboxState, Look>;

/** A value's look; one the map does not know (a newer server) reads as itself. */
const lookOf = (looks: Record<string, Look>, value: string): Look => looks[value] ?? { label: value, color: 'default' };

export const bookingStatusChoices = Object.entries(BOOKING).map(([id, v]) => ({ id, name: v.label.replace(' (awaiting payment)', '') }));
export const paymentStatusChoices = Object.entries(PAYMENT).map(([id, v]) => ({ id, name: v.label }));
export const orderStatusChoices = Object.entries(ORDER).map(([id, v]) => ({ id, name: v.label }));
export const emailStateChoices = Object.entries(OUTBOX).map(([id, v]) => ({ id, name: v.label }));

export const BookingStatus = ({ value, short = false }: { value: string; short?: boolean }) => {
  const s = lookOf(BOOKING, value);
  return <Chip size="small" label={short ? s.label.replace(' (awaiting payment)', '') : s.label} color={s.color} variant={value === 'pending' ? 'outlined' : 'filled'} />;
};

export const PaymentStatus = ({ value }: { value: string }) => {
  const s = lookOf(PAYMENT, value);
  return <Chip size="small" label={s.label} color={s.color} variant="outlined" />;
};

export const OrderStatus = ({ value }: { value: string }) => {
  const s = lookOf(ORDER, value);
  return <Chip size="small" label={s.label} color={s.color} variant={value === 'pending' ? 'outlined' : 'filled'} />;
};

/** Pending is outlined like a held booking: not settled yet. */
export const EmailState = ({ value }: { value: string }) => {
  const s = lookOf(OUTBOX, value);
  return <Chip size="small" label={s.label} color={s.color} variant={value === 'pending' ? 'outlined' : 'filled'} />;
};

/** Nothing at all while no refund was asked for: most rows have none. */
export const RefundState = ({ value }: { value: string }) => {
  const s = REFUND[value];
  return s ? <Chip size="small" label={s.label} color={s.color} variant={value === 'refunded' ? 'outlined' : 'filled'} /> : null;
};

/** Field versions for lists and show views. */
export const BookingStatusField = (_props: { label?: string; sortBy?: string; source?: string }) => {
  const record = useRecordContext<{ status: string }>();
  return record ? <BookingStatus value={record.status} short /> : null;
};
/** The payment chip, or while a refund is still on its way, stuck or waiting at the desk, where it stands (it is not "Refunded" yet). */
export const PaymentStatusField = (_props: { label?: string; sortBy?: string; source?: string }) => {
  const record = useRecordContext<{ paymentStatus: string; refundState?: string }>();
  if (!record) return null;
  const unsettled = record.refundState === 'pending' || record.refundState === 'failed' || record.refundState === 'to_collect';
  return unsettled ? <RefundState value={record.refundState!} /> : <PaymentStatus value={record.paymentStatus} />;
};
