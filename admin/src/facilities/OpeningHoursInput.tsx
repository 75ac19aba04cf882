import { Box, FormHelperText, Stack, Switch, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { parseTime, WEEKDAYS, type OpeningHours, type Weekday } from '@courtside/domain';
import { ClockTimeField } from '../common/ClockTimeField.tsx';
import { clockTimeChoices } from '../common/clock-times.ts';

export const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
/** Monday first, as a venue's week reads. */
export const WEEK_ORDER: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Minutes after midnight of an HH:mm the field holds, or undefined while it holds no time. */
function minutesOrUndefined(hhmm: string): number | undefined {
  try {
    return parseTime(hhmm);
  } catch {
    return undefined;
  }
}

/** Checks the hours against the slot length in the same form; returns the first problem. */
export function checkOpeningHours(hours: OpeningHours | undefined, slotMinutes: number | undefined): string | undefined {
  if (!hours) return undefined;
  const slot = Number(slotMinutes) || 60;
  for (const day of WEEKDAYS) {
    const h = hours[day];
    if (!h) continue;
    const open = minutesOrUndefined(h.open);
    const close = h.close === '00:00' ? 1440 : minutesOrUndefined(h.close);
    if (open === undefined || close === undefined) return `${DAY_NAMES[day]}: enter opening and closing times`;
    if (close <= open) return `${DAY_NAMES[day]}: closing must be after opening`;
    if (open % slot !== 0 || close % slot !== 0) return `${DAY_NAMES[day]}: times must fall on the ${slot}-minute slot grid`;
  }
  return undefined;
}

/** Opening and closing time per weekday, or closed all day (null). */
export const OpeningHoursInput = ({ source = 'openingHours' }: { source?: string }) => {
  const {
    field,
    fieldState: { error, invalid },
  } = useInput({
    source,
    validate: (value: OpeningHours | undefined, all: { slotMinutes?: number }) => checkOpeningHours(value, all?.slotMinutes),
  });
  const hours = (field.value ?? {}) as Partial<OpeningHours>;
  const set = (day: Weekday, value: OpeningHours[Weekday]) => field.onChange({ ...hours, [day]: value });

  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        Opening hours (the facility's local time)
      </Typography>
      <Stack spacing={0.5} role="group" aria-label="Opening hours">
        {WEEK_ORDER.map((day) => {
          const h = hours[day] ?? null;
          return (
            // On a phone the two times wrap under the day as one pair, so the form never gets wider than the screen.
            <Stack key={day} direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', minHeight: 48, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ width: 96 }}>{DAY_NAMES[day]}</Typography>
              <Switch
                checked={h !== null}
                onChange={(e) => set(day, e.target.checked ? { open: '08:00', close: '22:00' } : null)}
                slotProps={{ input: { 'aria-label': `${DAY_NAMES[day]} open` } }}
              />
              {h ? (
                <Stack direction="row" spacing={1.5}>
                  <ClockTimeField label="Opens" name={`${DAY_NAMES[day]} opens`} value={h.open} choices={clockTimeChoices(h.open, { to: 24 * 60 - 15 })} onChange={(open) => set(day, { ...h, open })} />
                  <ClockTimeField label="Closes" name={`${DAY_NAMES[day]} closes`} value={h.close} choices={clockTimeChoices(h.close, { from: 15 })} onChange={(close) => set(day, { ...h, close })} />
                </Stack>
              ) : (
                <Typography color="text.secondary">Closed</Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
      {invalid && <FormHelperText error>{typeof error?.message === 'string' ? error.message : 'Check the opening hours'}</FormHelperText>}
    </Box>
  );
};
