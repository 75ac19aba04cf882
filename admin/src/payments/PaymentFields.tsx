import FlagIcon from '@mui/icons-material/Flag';
import ResolvedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { OrderStatus, RefundState } from '../common/StatusChip.tsx';
import { clockTime, money, shortDate, timeRange } from '../common/format.ts';
import { emailText } from '../common/mailto.ts';
import { hasOpenFlag, type PaymentRecord } from './types.ts';

/** Small pieces the list, the phone list and the show view share. */

/** "Centre Court, Tue, Nov 24 11:00" for one booking, "3 bookings" for more, what an order without bookings bought (a wallet top-up). */
export const bookingsSummary = (p: PaymentRecord) => {
  const [first] = p.bookings;
  if (!first) return p.description ?? 'No bookings';
  if (p.bookings.length > 1) return `${p.bookings.length} bookings`;
  return `${first.facilityName}, ${shortDate(first.date)} ${clockTime(first.startTime)}`;
};

export const providerLabel = (provider: string) => ({ sandbox: 'Sandbox', stripe: 'Stripe', desk: 'Front desk', free: 'Free (promo code)' })[provider] ?? provider;

/** For sentences: "through the sandbox", "through Stripe". */
export const providerName = (provider: string) => ({ sandbox: 'the sandbox', stripe: 'Stripe', desk: 'the front desk', free: 'a promo code (nothing charged)' })[provider] ?? provider;

/** The order's status, and its refund's state unless that only repeats it ("Refunded" twice). */
export const PaymentStateChips = ({ record }: { record: PaymentRecord }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    <OrderStatus value={record.status} />
    {!(record.status === 'refunded' && record.refundState === 'refunded') && <RefundState value={record.refundState} />}
  </Stack>
);

/** The grid's refund cell: how much went back, over where the refund stands. */
export const RefundCell = ({ record }: { record: PaymentRecord }) =>
  record.refundState === 'none' && record.refundedAmount === 0 ? (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  ) : (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{money(record.refundedAmount)}</Typography>
      <RefundState value={record.refundState} />
    </Stack>
  );

/**
 * A flag with the reason on hover: solid for an open flag ("Flagged: <reason>" to screen
 * readers), an outline for one staff resolved ("Flag resolved: <reason>").
 */
export const FlagMarker = ({ record }: { record: PaymentRecord }) => {
  if (!record.flagReason) return null;
  const label = hasOpenFlag(record) ? `Flagged: ${record.flagReason}` : `Flag resolved: ${record.flagReason}`;
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        {hasOpenFlag(record) ? <FlagIcon color="warning" fontSize="small" /> : <ResolvedFlagIcon color="action" fontSize="small" />}
      </Box>
    </Tooltip>
  );
};

/** The amount charged and, when a promo code took something off, the code and how much. */
export const AmountCell = ({ record }: { record: PaymentRecord }) => (
  <Stack sx={{ alignItems: 'flex-end' }}>
    <Typography variant="body2">{money(record.amount)}</Typography>
    {record.promoCode && (
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {record.promoCode} −{money(record.discount)}
      </Typography>
    )}
  </Stack>
);

/** The grid's "For" cell: the facility over its date and time, or how many bookings. */
export const ForCell = ({ record }: { record: PaymentRecord }) => {
  const [first] = record.bookings;
  if (!first || record.bookings.length > 1) return <Typography variant="body2">{bookingsSummary(record)}</Typography>;
  return (
    <Stack sx={{ minWidth: 160 }}>
      <Typography variant="body2">{first.facilityName}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {shortDate(first.date)} · {timeRange(first.startTime, first.endTime)}
      </Typography>
    </Stack>
  );
};

export const CustomerCell = ({ record }: { record: PaymentRecord }) => (
  <Stack>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {record.user.name}
    </Typography>
    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {emailText(record.user.email)}
    </Typography>
  </Stack>
);
