import { TextField } from '@mui/material';

/**
 * A time of day picked from a list written on the venue's clock (see clock-times.ts), in place of
 * the browser's time field, whose clock follows the browser's locale instead. A native select: one
 * tap opens the phone's own picker, and the value is the HH:mm the API takes.
 */
export const ClockTimeField = ({ label, name, value, choices, onChange }: {
  label: string;
  /** The accessible name, when the visible label is shared by several fields ("Saturday closes"). */
  name?: string;
  value: string;
  choices: { id: string; name: string }[];
  onChange: (value: string) => void;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ select: { native: true }, htmlInput: { 'aria-label': name ?? label }, inputLabel: { shrink: true } }}
    sx={{ width: 176 }}
  >
    {choices.map((c) => (
      <option key={c.id} value={c.id}>
        {c.name}
      </option>
    ))}
  </TextField>
);
