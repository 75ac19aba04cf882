import { Box, Stack, Typography } from '@mui/material';
import type { DeskRefundDto } from '@courtside/contracts';
import { Link } from 'react-admin';
import { HandedBackButton } from './HandedBackButton.tsx';
import { cashLine, refundFor } from './desk-refunds.ts';

/**
 * Desk money to hand back, one line each: how much, to whom, what for (linked), and the action
 * that records it done. The dashboard's To do, the day view and the booking all show it so.
 */
export const DeskRefundLines = ({ refunds, showBooking = true }: { refunds: DeskRefundDto[]; showBooking?: boolean }) => (
  <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="desk-refunds">
    {refunds.map((r) => (
      <Stack
        component="li"
        key={r.id}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        data-testid="desk-refund"
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, color: 'error.main' }}>{cashLine(r.amount)}</Typography>
          <Typography variant="body2">
            to {r.customer.name}
            {showBooking && (
              <>
                {' · '}
                {r.booking ? <Link to={`/bookings/${r.booking.id}/show`}>{refundFor(r)}</Link> : <Link to={`/payments/${r.orderId}/show`}>{refundFor(r)}</Link>}
              </>
            )}
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <HandedBackButton refundId={r.id} amount={r.amount} customer={r.customer.name} />
        </Box>
      </Stack>
    ))}
  </Stack>
);
