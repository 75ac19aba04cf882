import type { MouseEvent, ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Confirm } from 'react-admin';

/**
 * A change the API refused because live bookings stand in the way (409 FACILITY_HAS_BOOKINGS,
 * on `bookings` for a delete, on `timezone` for a time-zone change): its message lists them,
 * one per line, between a heading and what to send to go ahead.
 */
export interface BookingsInTheWay {
  count: number;
  lines: string[];
}

export function bookingsInTheWay(error: unknown, path: 'bookings' | 'timezone'): BookingsInTheWay | undefined {
  const e = error as { status?: number; body?: { message?: unknown; errorMessages?: { path?: unknown }[] } } | null;
  const message = e?.body?.message;
  if (e?.status !== 409 || e.body?.errorMessages?.[0]?.path !== path || typeof message !== 'string') return undefined;
  const [heading = '', ...rest] = message.split('\n');
  const count = Number(/(\d+) upcoming booking/.exec(heading)?.[1]);
  if (!Number.isFinite(count)) return undefined;
  // The last line tells API callers how to confirm; here the dialog does that.
  return { count, lines: rest.slice(0, -1) };
}

export const bookingsText = (n: number) => `${n} booking${n === 1 ? '' : 's'}`;

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
