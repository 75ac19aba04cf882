import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { ConfirmAffected } from '../common/ConfirmAffected.tsx';
import type { BookingsInTheWay } from './bookings-in-the-way.ts';

/** A confirm dialog that shows the bookings a change would affect and what happens to them. */
export const BookingsConfirm = ({
  inTheWay,
  ...props
}: {
  inTheWay: BookingsInTheWay | undefined;
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmAffected open={inTheWay !== undefined} {...props}>
    <Box component="ul" aria-label="Affected bookings" sx={{ m: 0, pl: 2.5 }} data-testid="bookings-in-the-way">
      {inTheWay?.lines.map((line, i) => (
        <Typography component="li" variant="body2" key={i}>
          {line}
        </Typography>
      ))}
    </Box>
  </ConfirmAffected>
);
