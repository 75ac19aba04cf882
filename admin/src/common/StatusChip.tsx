import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

const BOOKING: Record<string, { label: string; color: 'success' | 'warning' | 'default' | 'error' | 'info' }> = {
  confirmed: { label: 'Confirmed', color: 'success' },
  pending: { label: 'Held (awaiting payment)', color: 'warning' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
};
const PAYMENT: Record<string, { label: string; color: 'success' | 'warning' | 'default' | 'error' | 'info' }> = {
  paid: { label: 'Paid', color: 'success' },
  unpaid: { label: 'Unpaid', color: 'default' },
  refunded: { label: 'Refunded', color: 'info' },
};

export const bookingStatusChoices = Object.entries(BOOKING).map(([id, v]) => ({ id, name: v.label.replace(' (awaiting payment)', '') }));
export const paymentStatusChoices = Object.entries(PAYMENT).map(([id, v]) => ({ id, name: v.label }));

export const BookingStatus = ({ value, short = false }: { value: string; short?: boolean }) => {
  const s = BOOKING[value] ?? { label: value, color: 'default' as const };
  return <Chip size="small" label={short ? s.label.replace(' (awaiting payment)', '') : s.label} color={s.color} variant={value === 'pending' ? 'outlined' : 'filled'} />;
};

export const PaymentStatus = ({ value }: { value: string }) => {
  const s = PAYMENT[value] ?? { label: value, color: 'default' as const };
  return <Chip size="small" label={s.label} color={s.color} variant="outlined" />;
};

/** Field versions for lists and show views. */
export const BookingStatusField = (_props: { label?: string; sortBy?: string; source?: string }) => {
  const record = useRecordContext<{ status: string }>();
  return record ? <BookingStatus value={record.status} short /> : null;
};
export const PaymentStatusField = (_props: { label?: string; sortBy?: string; source?: string }) => {
  const record = useRecordContext<{ paymentStatus: string }>();
  return record ? <PaymentStatus value={record.paymentStatus} /> : null;
};
