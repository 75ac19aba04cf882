import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { DESK_PAYMENT_METHODS, DESK_PAYMENT_METHOD_LABELS, type DeskPaymentMethod } from '@courtside/domain';

/** How the desk was paid (cash or card), recorded on the payment for the day's cash-up. */
export const PaymentMethodChoice = ({ value, onChange }: { value: DeskPaymentMethod; onChange: (method: DeskPaymentMethod) => void }) => {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id}>Paid by</FormLabel>
      <RadioGroup row aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value as DeskPaymentMethod)}>
        {DESK_PAYMENT_METHODS.map((m) => (
          <FormControlLabel key={m} value={m} control={<Radio />} label={DESK_PAYMENT_METHOD_LABELS[m]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
};
