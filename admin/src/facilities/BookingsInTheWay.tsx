import type { MouseEvent, ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Confirm } from 'react-admin';
import type { BookingsInTheWay } from './bookings-in-the-way.ts';

/** A confirm dialog that shows the bookings a change would affect and what happens to them. */
export const BookingsConfirm = ({
  inTheWay,
  title,
  intro,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  inTheWay: BookingsInTheWay | undefined;
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Confirm
    isOpen={inTheWay !== undefined}
    loading={busy}
    title={title}
    content={
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {intro}
        </Typography>
        <Box component="ul" aria-label="Affected bookings" sx={{ m: 0, pl: 2.5 }} data-testid="bookings-in-the-way">
          {inTheWay?.lines.map((line, i) => (
            <Typography component="li" variant="body2" key={i}>
              {line}
            </Typography>
          ))}
        </Box>
      </Box>
    }
    confirm={confirmLabel}
    cancel="Keep them"
    confirmColor="warning"
    onConfirm={(e: MouseEvent) => {
      e.stopPropagation();
      onConfirm();
    }}
    onClose={(e: MouseEvent) => {
      e.stopPropagation();
      onClose();
    }}
  />
);
