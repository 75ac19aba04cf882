import { Box, Typography } from '@mui/material';
import type { DayViewFacility } from '../types.ts';
import { brand } from '../theme.ts';
import { countOf, hoursText, timeRange, zoneName } from '../common/format.ts';
import { COLUMN_WIDTH, HEADER_HEIGHT, openAndFree } from './layout.ts';
import { viewersZone } from './dates.ts';

/** A facility's name, hours (and zone, when not the viewer's) and how much of its day is free. */
export const ColumnHeader = ({ facility }: { facility: DayViewFacility }) => {
  const { open, free } = openAndFree(facility);
  return (
    <Box sx={{ width: COLUMN_WIDTH, minWidth: COLUMN_WIDTH, height: HEADER_HEIGHT, px: 1.25, py: 1, borderRight: `1px solid ${brand.line}`, borderBottom: `1px solid ${brand.line}`, bgcolor: '#fff' }}>
      <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: 35 }} title={facility.name}>
        {facility.name}
        {/* Deleted since: shown only on days it still has bookings. */}
        {facility.isDeleted ? ' (deleted)' : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {facility.hours ? timeRange(facility.hours.open, facility.hours.close) : 'Closed today'}
        {facility.timezone !== viewersZone() ? ` · ${zoneName(facility.timezone)}` : ''}
      </Typography>
      {facility.hours && (
        <Typography variant="caption" component="div" sx={{ color: free ? brand.free : 'text.secondary' }} noWrap>
          {countOf(facility.bookings.length, 'booking')} · {free ? `${hoursText(free)} free` : open ? 'Fully booked' : ''}
        </Typography>
      )}
    </Box>
  );
};
