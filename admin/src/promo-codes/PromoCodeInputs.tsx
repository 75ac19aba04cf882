import { Stack } from '@mui/material';
import { AutocompleteArrayInput, DateInput, FormDataConsumer, NumberInput, RadioButtonGroupInput, ReferenceArrayInput, TextInput, required } from 'react-admin';
import { currencySymbol } from '@courtside/browser';
import type { PromoCodeForm } from './promo-text.ts';

const KIND_CHOICES = [
  { id: 'percent', name: 'A percentage off the order' },
  { id: 'amount', name: 'An amount off the order' },
];

const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 }, sx: { width: '100%' } } as const;

/**
 * A promo code's fields: the code customers type, what it takes off, and its limits; an empty
 * limit is no limit (any day, any facility, any amount, any number of uses).
 */
export const PromoCodeInputs = () => (
  <>
    <TextInput
      source="code"
      validate={required()}
      helperText="What customers type at checkout, in any case: 3 to 32 letters, digits, - or _"
      parse={(v: string) => v.toUpperCase()}
      slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 } }}
      sx={{ maxWidth: 360, '& input': { fontFamily: 'monospace' } }}
    />
    <RadioButtonGroupInput source="kind" label="What it takes off" choices={KIND_CHOICES} validate={required()} />
    <FormDataConsumer<PromoCodeForm>>
      {({ formData }) =>
        formData.kind === 'amount' ? (
          <NumberInput source="amountOff" label={`Amount off (${currencySymbol()})`} helperText="Never more than the order: the total stops at 0" step={0.5} sx={{ maxWidth: 240 }} />
        ) : (
          <NumberInput source="percentOff" label="Percent off" helperText="A whole number from 1 to 100 (100: free)" step={1} sx={{ maxWidth: 240 }} />
        )
      }
    </FormDataConsumer>
    <Stack {...row}>
      <DateInput source="validFrom" label="Valid from" helperText="First day (the venue's calendar); empty: from now" />
      <DateInput source="validTo" label="Valid until" helperText="Last day, included; empty: no end" />
    </Stack>
    <ReferenceArrayInput source="facilityIds" reference="facilities" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput
        label="Only at these facilities"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        helperText="Every booking of the order must be at one of them; empty: every facility"
        sx={{ minWidth: { sm: 420 } }}
      />
    </ReferenceArrayInput>
    <NumberInput source="minAmount" label={`Minimum order (${currencySymbol()})`} helperText="The bookings' total before the discount; empty: any" step={1} sx={{ maxWidth: 240 }} />
    <Stack {...row}>
      <NumberInput source="maxUses" label="Uses in all" helperText="Paid orders (and checkouts being paid); empty: no limit" step={1} sx={{ maxWidth: 240 }} />
      <NumberInput source="maxUsesPerCustomer" label="Uses per customer" helperText="Empty: no limit" step={1} sx={{ maxWidth: 240 }} />
    </Stack>
  </>
);
