import { Stack } from '@mui/material';
import { BooleanInput, NumberInput, TextInput, required } from 'react-admin';
import { currencySymbol } from '@courtside/browser';

const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 }, sx: { width: '100%' } } as const;

/** A pack's fields: what the customer pays, the credit they get (the difference is bonus) and how long the bonus lasts. */
export const CreditPackInputs = () => (
  <>
    <TextInput source="name" validate={required()} helperText='What customers see, e.g. "Pay $100, play $110"' slotProps={{ htmlInput: { maxLength: 80 } }} sx={{ maxWidth: 420 }} />
    <Stack {...row}>
      <NumberInput source="price" label={`Price (${currencySymbol()})`} helperText="What the customer pays" step={1} sx={{ maxWidth: 240 }} />
      <NumberInput source="credit" label={`Credit (${currencySymbol()})`} helperText="What lands in the wallet; above the price is bonus" step={1} sx={{ maxWidth: 240 }} />
    </Stack>
    <NumberInput source="bonusExpiresDays" label="Bonus lasts (days)" helperText="From the top-up; empty: the bonus never expires. Paid credit never expires." step={1} sx={{ maxWidth: 240 }} />
    <BooleanInput source="active" label="On sale" helperText="Customers can buy it online and the desk can sell it" />
  </>
);
