import type { ReactNode } from 'react';
import { Divider, Typography } from '@mui/material';

/** A titled part of a detail view (a payment's bookings, a series' dates), set off by a rule. */
export const DetailSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <Divider sx={{ my: 3 }} />
    <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </>
);
