import { useState } from 'react';
import { Autocomplete, Box, Grid, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { TEXT_LIMITS } from '@courtside/domain';
import { emailText } from '../../common/mailto.ts';
import type { BookingDraft, CustomerPick } from './draft.ts';
import { MIN_SEARCH, useCustomerSearch } from './useCustomerSearch.ts';

type Who = Pick<BookingDraft, 'who' | 'customer' | 'guest'>;

/** An existing customer found as staff type, chosen from the list. */
const CustomerSearch = ({ value, onPick }: { value: CustomerPick | null; onPick: (c: CustomerPick | null) => void }) => {
  const [text, setText] = useState(value?.name ?? '');
  const { customers, searching } = useCustomerSearch(text);
  const options: CustomerPick[] = customers.map((u) => ({ id: u.id, name: u.name, email: u.email, phone: u.phone }));
  return (
    <Autocomplete<CustomerPick>
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_e, picked) => onPick(picked)}
      inputValue={text}
      onInputChange={(_e, next) => setText(next)}
      // The server filters; show what it found.
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={searching && text.trim().length >= MIN_SEARCH}
      noOptionsText={text.trim().length < MIN_SEARCH ? 'Type a name, email or phone' : 'Nobody found: choose Walk-in to book for someone new'}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props}>
          <Stack>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {c.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[emailText(c.email), c.phone].filter(Boolean).join(' · ')}
            </Typography>
          </Stack>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          placeholder="Name, email or phone"
          autoFocus
          required
          helperText={value ? [emailText(value.email), value.phone].filter(Boolean).join(' · ') : ' '}
        />
      )}
    />
  );
};

/** Someone without an account (or whose account staff do not look up): found again by email or phone next time. */
const WalkInFields = ({ guest, onChange }: { guest: BookingDraft['guest']; onChange: (g: BookingDraft['guest']) => void }) => (
  <Grid container spacing={2}>
    <Grid size={{ xs: 12 }}>
      <TextField fullWidth label="Name" value={guest.name} onChange={(e) => onChange({ ...guest, name: e.target.value })} required autoFocus slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.personName } }} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField fullWidth label="Phone" type="tel" value={guest.phone} onChange={(e) => onChange({ ...guest, phone: e.target.value })} helperText="Optional" slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.phone } }} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField fullWidth label="Email" type="email" value={guest.email} onChange={(e) => onChange({ ...guest, email: e.target.value })} helperText="Optional: gets the confirmation" slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.email } }} />
    </Grid>
  </Grid>
);

/**
 * Who the booking is for: an existing customer (searched by name, email or phone) or a
 * walk-in. A walk-in with the email or phone of an existing customer is booked for them.
 */
export const CustomerPicker = ({ value, onChange }: { value: Who; onChange: (patch: Partial<Who>) => void }) => (
  <Stack spacing={2}>
    <ToggleButtonGroup exclusive size="small" color="primary" value={value.who} onChange={(_e, who: Who['who'] | null) => who && onChange({ who })} aria-label="Who the booking is for">
      <ToggleButton value="customer">Customer</ToggleButton>
      <ToggleButton value="walk-in">Walk-in</ToggleButton>
    </ToggleButtonGroup>
    {value.who === 'customer' ? <CustomerSearch value={value.customer} onPick={(customer) => onChange({ customer })} /> : <WalkInFields guest={value.guest} onChange={(guest) => onChange({ guest })} />}
  </Stack>
);
