import { Box, Typography } from '@mui/material';
import { conflictWhen, type Conflict } from './conflicts.ts';

/** What stands in the way, one line each: where, when, and why ("booked by Ann (paid)", "closed: Resurfacing"). */
export const ConflictList = ({ conflicts, label }: { conflicts: Conflict[]; label: string }) => (
  <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }} data-testid="conflict-list">
    {conflicts.map((c) => (
      <Typography component="li" variant="body2" key={`${c.facilityId}-${c.date}-${c.startTime}`} sx={{ mb: 0.5 }}>
        <strong>{c.facilityName}</strong>, {conflictWhen(c)}: {c.reason}
      </Typography>
    ))}
  </Box>
);
