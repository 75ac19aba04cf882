import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { paymentChoices, type Payment } from './draft.ts';

const CHOICES: Record<Payment, { label: string; help: string }> = {
  desk: { label: 'Paid at desk', help: 'Cash or card now: confirmed, and recorded in Payments as taken by you.' },
  unpaid: { label: 'Pay later', help: 'Confirmed now; use Mark paid when they pay.' },
  link: { label: 'Send payment link', help: 'Held until the customer pays online; you get the link to send (emailed to them when they have an email).' },
};

/** How the booking is paid; a series offers the desk or later only. */
export const PaymentChoice = ({ value, repeat, onChange }: { value: Payment; repeat: boolean; onChange: (p: Payment) => void }) => (
  <FormControl>
    <FormLabel id="payment-label">Payment</FormLabel>
    <RadioGroup row aria-labelledby="payment-label" value={value} onChange={(e) => onChange(e.target.value as Payment)}>
      {paymentChoices(repeat).map((p) => (
        <FormControlLabel key={p} value={p} control={<Radio />} label={CHOICES[p].label} />
      ))}
    </RadioGroup>
    <Typography variant="caption" color="text.secondary">
      {CHOICES[value].help}
    </Typography>
  </FormControl>
);
