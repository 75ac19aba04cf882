import { Grid, MenuItem, TextField } from '@mui/material';
import type { FacilityRecord } from '../facilities/types.ts';
import { endTimes, fitToDay, startTimes, withStart, type SlotChoice } from './slot-times.ts';
import { clockTime } from './format.ts';

/** A time menu; the current value stays among its options when it is off the list (so it still shows). */
const TimeSelect = ({ label, value, times, onChange }: { label: string; value: string; times: string[]; onChange: (time: string) => void }) => (
  <TextField select fullWidth label={label} value={value} onChange={(e) => onChange(e.target.value)} required disabled={times.length === 0}>
    {(value && !times.includes(value) ? [value, ...times] : times).map((t) => (
      <MenuItem key={t} value={t}>
        {clockTime(t)}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * Where and when a booking is: facility, date, start and end. The start and end menus hold
 * that facility's slots on that day (hours, grid, longest booking), so what staff pick is a
 * booking the server accepts; changing the facility or the day keeps the times that still fit.
 */
export const SlotFields = ({ facilities, value, onChange }: { facilities: FacilityRecord[]; value: SlotChoice; onChange: (next: SlotChoice) => void }) => {
  const facility = facilities.find((f) => f.id === value.facilityId);
  const starts = facility ? startTimes(facility, value.date) : [];
  const ends = facility ? endTimes(facility, value.date, value.startTime) : [];
  const closedThatDay = facility !== undefined && value.date !== '' && starts.length === 0;
  const refit = (next: SlotChoice) => {
    const f = facilities.find((x) => x.id === next.facilityId);
    onChange(f ? fitToDay(f, next) : next);
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select fullWidth label="Facility" value={facility ? value.facilityId : ''} onChange={(e) => refit({ ...value, facilityId: e.target.value })} required>
          {facilities.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          type="date"
          fullWidth
          label="Date"
          value={value.date}
          onChange={(e) => refit({ ...value, date: e.target.value })}
          required
          error={closedThatDay}
          helperText={closedThatDay ? 'Closed all day' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TimeSelect label="Start" value={value.startTime} times={starts} onChange={(t) => onChange(facility ? withStart(facility, value, t) : { ...value, startTime: t })} />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TimeSelect label="End" value={value.endTime} times={ends} onChange={(t) => onChange({ ...value, endTime: t })} />
      </Grid>
    </Grid>
  );
};
