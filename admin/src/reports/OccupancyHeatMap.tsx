import { Box, Stack, Typography } from '@mui/material';
import type { OccupancyReport } from '@courtside/contracts';
import { brand } from '../theme.ts';
import { ScreenReaderText, srOnly } from '../common/ScreenReaderText.tsx';
import { CLOSED_COLOUR, SCALE, cellLabel, heatMapGrid, hourHeader, percentText, scaleStep, textOn, totalText, weekdayLongName, weekdayName } from './heat-map.ts';

const CELL = { minWidth: 44, height: 36 } as const;

/** The scale's steps and the closed grey, each a swatch and its words. */
const HeatMapLegend = () => (
  <Stack direction="row" spacing={1.5} useFlexGap component="ul" aria-label="Colour scale" sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
    {[...SCALE.map((step) => ({ label: step.label, colour: step.colour })), { label: 'Closed', colour: CLOSED_COLOUR }].map(({ label, colour }) => (
      <Stack key={label} component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 16, height: 16, borderRadius: '3px', bgcolor: colour, border: `1px solid ${brand.line}` }} />
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
      </Stack>
    ))}
  </Stack>
);

/**
 * Occupancy as a table of weekdays by hours, each cell coloured by the share of its open time
 * that was booked, its percentage written in it and its full figures in its label and tooltip.
 * Scrolls sideways on a phone, the weekdays staying in view.
 */
export const OccupancyHeatMap = ({ report }: { report: OccupancyReport }) => {
  const grid = heatMapGrid(report);
  if (grid.hours.length === 0) return <Typography color="text.secondary">Nothing was open or booked in this period.</Typography>;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="occupancy-total">
        The whole period: {totalText(report.total)}
      </Typography>
      <Box sx={{ overflowX: 'auto', pb: 0.5 }} tabIndex={0} role="group" aria-label="Occupancy by weekday and hour (scrolls sideways)">
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'separate',
            borderSpacing: '2px',
            fontSize: '0.75rem',
            '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap', px: 0.5 },
            '& thead th': { textAlign: 'center', pb: 0.5 },
            '& tbody th': { textAlign: 'left', position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', pr: 1 },
          }}
        >
          <Box component="caption" sx={srOnly}>
            Share of open time booked, by weekday and hour
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' }}>
                <ScreenReaderText>Weekday</ScreenReaderText>
              </Box>
              {grid.hours.map((hour) => (
                <th key={hour} scope="col">
                  {hourHeader(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => (
              <tr key={row.weekday}>
                <th scope="row">
                  <abbr title={weekdayLongName(row.weekday)} style={{ textDecoration: 'none' }}>
                    {weekdayName(row.weekday)}
                  </abbr>
                </th>
                {row.cells.map((cell, i) => {
                  const hour = grid.hours[i]!;
                  const label = cellLabel(row.weekday, hour, cell);
                  const open = cell && (cell.openMinutes > 0 || cell.bookedMinutes > 0);
                  const colour = open ? scaleStep(cell.rate, cell.bookedMinutes).colour : CLOSED_COLOUR;
                  return (
                    <Box
                      component="td"
                      key={hour}
                      aria-label={label}
                      title={label}
                      data-weekday={row.weekday}
                      data-hour={hour}
                      sx={{ ...CELL, textAlign: 'center', borderRadius: '4px', bgcolor: colour, color: textOn(colour), border: open && cell.bookedMinutes === 0 ? `1px solid ${brand.line}` : 'none', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {open ? (cell.openMinutes > 0 ? percentText(cell.rate, cell.bookedMinutes) : '!') : ''}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <HeatMapLegend />
    </>
  );
};
