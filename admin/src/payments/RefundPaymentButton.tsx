import RefundIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import { Box, Button, Tooltip } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, money } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { splitRefundNote } from './kinds.ts';
import { providerName } from './PaymentFields.tsx';
import { isRefundable, type PaymentRecord } from './types.ts';

type Variant = 'text' | 'outlined' | 'contained';

/** Refund, greyed out, saying on hover why: the payment's money goes back through its booking (the page says it too). */
const RefundThroughBooking = ({ note, variant }: { note: string; variant: Variant }) => (
  <Tooltip describeChild title={note}>
    {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
    <Box component="span" sx={{ display: 'inline-flex' }}>
      <Button size="small" variant={variant} color="warning" startIcon={<RefundIcon />} disabled>
        Refund
      </Button>
    </Box>
  </Tooltip>
);

/** Refunds the rest of an order through the provider that took the money, after a confirmation. */
export const RefundPaymentButton = ({ variant = 'outlined' }: { variant?: Variant }) => {
  const record = useRecordContext<PaymentRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // The desk may refund up to a limit: the API refuses more (403) and says so in the notification.
  const allowed = useCan('payments', 'refund');
  if (!allowed || !record || !isRefundable(record)) return null;
  const throughBooking = splitRefundNote(record);
  if (throughBooking) return <RefundThroughBooking note={throughBooking} variant={variant} />;
  const due = Math.round((record.amount - record.refundedAmount) * 100) / 100;
  const active = record.bookings.filter((b) => b.status === 'pending' || b.status === 'confirmed').length;
  return (
    <ConfirmButton
      label="Refund"
      confirmLabel={`Refund ${money(due)}`}
      icon={<RefundIcon />}
      color="warning"
      variant={variant}
      confirmColor="warning"
      title="Refund this payment?"
      content={`${money(due)} goes back to ${record.user.name} (${record.user.email}) through ${providerName(record.provider)}.${
        active ? ` ${active === 1 ? 'Its booking is' : `Its ${active} bookings are`} cancelled and the time freed for others.` : ''
      } This cannot be undone.`}
      run={async () => {
        try {
          const after = await dataProvider.refundPayment(String(record.id));
          const { text, type } = refundOutcome(after, due);
          notify(text, { type });
          refresh();
        } catch (error) {
          notify(failure('Refund failed', error), { type: 'error' });
        }
      }}
    />
  );
};

/** What the provider made of it: refunds can settle at once (sandbox) or later (a card network). */
function refundOutcome(after: PaymentRecord | undefined, due: number): { text: string; type: 'success' | 'info' | 'warning' } {
  switch (after?.refundState) {
    case 'pending':
      return { text: `Refund of ${money(due)} requested; it shows as refunded once ${providerName(after.provider)} confirms.`, type: 'info' };
    case 'failed':
      return { text: `The refund did not go through at ${providerName(after.provider)} yet; it is retried automatically.`, type: 'warning' };
    default:
      return { text: `Payment refunded: ${money(due)} back to the customer.`, type: 'success' };
  }
}
