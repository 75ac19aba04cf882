import { useId } from 'react';
import { FilledInput, FormControl, InputLabel } from '@mui/material';

interface SignInFieldProps {
  label: string;
  type: 'email' | 'password';
  name: string;
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A required text field drawn as react-admin's theme draws a TextField (filled, dense, small,
 * full width: the FormControl defaults), from TextField's own parts. MUI's TextField also
 * imports its select mode (Select, Menu, Popover, Modal): about 16 KB gzipped that the sign-in
 * page would load and never use.
 */
export const SignInField = ({ label, value, onChange, ...input }: SignInFieldProps) => {
  const id = useId();
  return (
    <FormControl required>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} fullWidth value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </FormControl>
  );
};
