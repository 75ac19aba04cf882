import { Box, Button, Popover, Stack, Typography } from '@mui/material';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { useNavigate } from 'react-admin';
import type { DayViewBooking, DayViewFacility } from '../types.ts';
import { BookingStatus, PaymentStatus } from '../common/StatusChip.tsx';
import { money, timeRange } from '../common/format.ts';
import { balanceText, priceNow } from '../bookings/price-change.ts';
import { emailText } from '../common/mailto.ts';
import { MarkPaidButton } from '../bookings/MarkPaidButton.tsx';
import { MoveBookingButton } from '../bookings/MoveBookingButton.tsx';
import { SettleBalanceButtons } from '../bookings/SettleBalanceButtons.tsx';
import { HandedBackButton } from '../payments/HandedBackButton.tsx';
import { cashLine } from '../payments/desk-refunds.ts';
import { useDeskCash } from './desk-cash.ts';
import { playersAfterName } from './booking-text.ts';
import { CheckInButton } from '../attendance/CheckInButton.tsx';
import { attendanceLine, checkInTime } from '../attendance/attendance-text.ts';

/** Desk money of this booking still to hand back, with the action that records it done. */
const CashToHandBack = ({ bookingId, onDone }: { bookingId: string; onDone: () => void }) => {
  const { refunds } = useDeskCash(bookingId);
  return refunds.map((r) => (
    <Stack key={r.id} spacing={0.5} sx={{ p: 1, borderRadius: 1, bgcolor: '#fdecea' }}>
      <Typography variant="body2" sx={{ fontWeight: 700, color: 'error.main' }}>
        {cashLine(r.amount)}
      </Typography>
      <HandedBackButton refundId={r.id} amount={r.amount} customer={r.customer.name} onDone={onDone} />
    </Stack>
  ));
};

export interface OpenBooking {
  booking: DayViewBooking;
  facility: DayViewFacility;
  anchor: HTMLElement;
}

/** A booking's actions at the desk, over the grid or the list: open it, change its time, mark it paid. */
export const BookingPopover = ({ open, date, onClose }: { open: OpenBooking | undefined; date: string; onClose: () => void }) => {
  const navigate = useNavigate();
  const b = open?.booking;
  return (
    <Popover
      open={open !== undefined}
      anchorEl={open?.anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, maxWidth: 340 }, role: 'dialog', 'aria-label': b ? `Booking of ${b.customer.name}` : 'Booking' } }}
    >
      {b && open && (
        <Stack spacing={1.25}>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{b.customer.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {emailText(b.customer.email)}
            </Typography>
            {b.players.length > 0 && (
              <Typography variant="body2" data-testid="booking-players">
                {playersAfterName(b).trim()}
              </Typography>
            )}
          </Box>
          <Typography variant="body2">
            {open.facility.name}, {timeRange(b.startTime, b.endTime)} · {money(priceNow(b))}
          </Typography>
          {balanceText(b.balance, money) && (
            <Typography variant="body2" color="warning.main">
              Paid {money(b.payableAmount)}; balance: {balanceText(b.balance, money)}
            </Typography>
          )}
          <Stack direction="row" spacing={0.5}>
            <BookingStatus value={b.status} short />
            <PaymentStatus value={b.paymentStatus} />
          </Stack>
          {b.attendance !== 'pending' && (
            <Typography variant="body2" data-testid="popover-attendance" sx={{ fontWeight: 600, color: b.attendance === 'no_show' ? 'warning.dark' : 'success.dark' }}>
              {attendanceLine(b, checkInTime)}
            </Typography>
          )}
          <CashToHandBack bookingId={b.id} onDone={onClose} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <CheckInButton booking={{ id: b.id, status: b.status, attendance: b.attendance, customerName: b.customer.name }} variant="contained" onDone={onClose} />
            <Button size="small" variant="contained" startIcon={<OpenIcon />} onClick={() => navigate(`/bookings/${b.id}/show`)}>
              Open booking
            </Button>
            <MoveBookingButton id={b.id} at={{ facilityId: open.facility.id, date, startTime: b.startTime, endTime: b.endTime }} who={`${b.customer.name}, ${open.facility.name}`} status={b.status} variant="outlined" onMoved={onClose} />
            <MarkPaidButton booking={{ ...b, customerName: b.customer.name }} variant="outlined" onDone={onClose} />
            <SettleBalanceButtons booking={{ ...b, customerName: b.customer.name }} onDone={onClose} />
          </Stack>
        </Stack>
      )}
    </Popover>
  );
};
