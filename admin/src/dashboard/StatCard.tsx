import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** A headline figure with its label and what explains it. */
export const StatCard = ({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) => (
  <Card sx={{ height: '100%' }}>
    <CardContent sx={{ p: 3 }}>
      <Typography variant="overline" color="text.secondary" sx={{ letterSpacing: 1 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      {children}
    </CardContent>
  </Card>
);
