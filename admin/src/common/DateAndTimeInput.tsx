import { FormHelperText, Stack, TextField } from '@mui/material';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { ClockTimeField } from './ClockTimeField.tsx';
import { clockTimeChoices } from './clock-times.ts';

/**
 * A local date and time the API takes as "YYYY-MM-DDTHH:mm" (a closure's start or end, on each
 * facility's wall clock), as a date field beside a time list on the venue's clock: the browser's
 * own date-and-time field would write the time on the browser's clock ("05:00 PM" beside 24-hour
 * slots). The time is one of the quarter hours, or the value saved before.
 */
export const DateAndTimeInput = ({ source, label, helperText, validate }: { source: string; label: string; helperText?: string; validate?: Validator | Validator[] }) => {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const [date = '', time = ''] = typeof field.value === 'string' ? field.value.split('T') : [];
  const set = (nextDate: string, nextTime: string) => field.onChange(nextDate || nextTime ? `${nextDate}T${nextTime || '00:00'}` : '');
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Stack sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} role="group" aria-label={label}>
        <TextField
          type="date"
          size="small"
          label={label}
          value={date}
          required={isRequired}
          error={Boolean(error)}
          onChange={(e) => set(e.target.value, time)}
          onBlur={field.onBlur}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} date` } }}
        />
        <ClockTimeField label="Time" name={`${label} time`} value={time || '00:00'} choices={clockTimeChoices(time, { to: 24 * 60 - 15 })} onChange={(t) => set(date, t)} />
      </Stack>
      <FormHelperText error={Boolean(error)}>
        <InputHelperText error={error} helperText={helperText} />
      </FormHelperText>
    </Stack>
  );
};
