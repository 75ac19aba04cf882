import { Button, ButtonGroup, TextField } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { shiftDate } from '@courtside/domain';
import { validDate } from './dates.ts';

/** Previous / Today / Next and a date field: every way to change the day shown. */
export const DayPicker = ({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) => (
  <>
    <ButtonGroup variant="outlined" size="small" aria-label="Change day">
      <Button onClick={() => onChange(shiftDate(date, -1))} startIcon={<ChevronLeftIcon />} aria-label="Previous day">
        Previous
      </Button>
      <Button onClick={() => onChange(today)} disabled={date === today}>
        Today
      </Button>
      <Button onClick={() => onChange(shiftDate(date, 1))} endIcon={<ChevronRightIcon />} aria-label="Next day">
        Next
      </Button>
    </ButtonGroup>
    <TextField
      type="date"
      size="small"
      label="Date"
      value={date}
      onChange={(e) => {
        const next = validDate(e.target.value);
        if (next) onChange(next);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  </>
);
