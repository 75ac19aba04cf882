import { Checkbox, FormControlLabel, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { MAX_SERIES_OCCURRENCES } from '@courtside/domain';
import { weeklyFrom, type RepeatRule } from './draft.ts';

/**
 * "Repeat weekly": every one or two weeks, a number of dates or up to a last date, and what to
 * do with a date that is taken or closed (skip it, or book none). Off means one booking.
 */
export const RepeatFields = ({ date, value, onChange }: { date: string; value: RepeatRule | null; onChange: (next: RepeatRule | null) => void }) => (
  <Stack spacing={2}>
    <FormControlLabel control={<Checkbox checked={value !== null} onChange={(e) => onChange(e.target.checked ? weeklyFrom(date) : null)} />} label="Repeat weekly" />
    {value && (
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField select fullWidth label="Every" value={value.every} onChange={(e) => onChange({ ...value, every: Number(e.target.value) === 2 ? 2 : 1 })}>
            <MenuItem value={1}>Week</MenuItem>
            <MenuItem value={2}>2 weeks</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField select fullWidth label="Ends" value={value.ends} onChange={(e) => onChange({ ...value, ends: e.target.value === 'until' ? 'until' : 'count' })}>
            <MenuItem value="count">After N dates</MenuItem>
            <MenuItem value="until">On a date</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          {value.ends === 'count' ? (
            <TextField
              fullWidth
              type="number"
              label="How many dates"
              value={Number.isNaN(value.count) ? '' : value.count}
              onChange={(e) => onChange({ ...value, count: e.target.value === '' ? NaN : Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: MAX_SERIES_OCCURRENCES, step: 1 } }}
              helperText={`1 to ${MAX_SERIES_OCCURRENCES}, this one included`}
            />
          ) : (
            <TextField fullWidth type="date" label="Last date" value={value.until} onChange={(e) => onChange({ ...value, until: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: date } }} />
          )}
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TextField select fullWidth label="If a date is taken or closed" value={value.onConflict} onChange={(e) => onChange({ ...value, onConflict: e.target.value === 'fail' ? 'fail' : 'skip' })}>
            <MenuItem value="skip">Skip that date, book the others</MenuItem>
            <MenuItem value="fail">Book none of them</MenuItem>
          </TextField>
        </Grid>
      </Grid>
    )}
  </Stack>
);
