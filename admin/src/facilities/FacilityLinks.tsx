import { Box, Typography } from '@mui/material';
import { Link, useRecordContext } from 'react-admin';
import type { FacilityRecord } from './types.ts';

const pageOf = (id: string) => `/facilities/${encodeURIComponent(id)}`;

/** Linked courts on a facility's page: the facility it is part of, or its parts, each a link to its page. */
export const FacilityLinks = () => {
  const record = useRecordContext<FacilityRecord>();
  if (!record || (!record.parent && record.parts.length === 0)) return null;
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 720 }} data-testid="facility-links">
      {record.parent && (
        <Typography variant="body1">
          Part of <Link to={pageOf(record.parent._id)}>{record.parent.name}</Link>
        </Typography>
      )}
      {record.parts.length > 0 && (
        <Box component="section" aria-labelledby="facility-parts-title">
          <Typography id="facility-parts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Parts
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Booking {record.name} takes every part; each part booked takes it for that time.
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
            {record.parts.map((part) => (
              <li key={part._id}>
                <Link to={pageOf(part._id)}>{part.name}</Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};
