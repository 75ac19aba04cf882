import { Typography } from '@mui/material';
import { EmailLink } from './EmailLink.tsx';
import { Fact } from './Fact.tsx';

/** "Customer" (or another label: "Paid by"): the name over the address (a mailto link, or "No email" for a walk-in), for the detail views. */
export const CustomerFact = ({ name, email, label = 'Customer' }: { name: string; email: string; label?: string }) => (
  <Fact label={label}>
    <Typography>{name}</Typography>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <EmailLink address={email} />
    </Typography>
  </Fact>
);
