import { Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { SPORTS, SPORT_LABELS, type ReportGrouping, type Sport } from '@courtside/domain';
import { validDate } from '../day-view/dates.ts';
import { useReportFacilities } from './useReport.ts';
import { QUICK_PERIODS, QUICK_PERIOD_LABELS, quickPeriod, quickPeriodOf, type ReportFilters } from './report-query.ts';

const ALL = 'all';

interface Props {
  filters: ReportFilters;
  today: string;
  onChange: (next: ReportFilters) => void;
}

/** A date of the period: only a real date changes the report (a half-typed one waits). */
const DateField = ({ label, value, onChange }: { label: string; value: string; onChange: (date: string) => void }) => (
  <TextField
    type="date"
    size="small"
    label={label}
    value={value}
    onChange={(e) => {
      const next = validDate(e.target.value);
      if (next) onChange(next);
    }}
    slotProps={{ inputLabel: { shrink: true } }}
    sx={{ width: 160 }}
  />
);

/** What every report below covers: the period (typed, or a quick choice), a facility or all, a sport or all, and weeks or months. */
export const ReportFiltersBar = ({ filters, today, onChange }: Props) => {
  const { data: facilities } = useReportFacilities();
  const quick = quickPeriodOf(filters, today) ?? null;
  // A facility the list no longer has (deleted since the link was made) stays chosen, and says so.
  const unlisted = filters.facilityId && facilities && !facilities.some((f) => f.id === filters.facilityId) ? filters.facilityId : undefined;
  const set = (change: Partial<ReportFilters>) => onChange({ ...filters, ...change });
  return (
    <Card component="section" aria-label="Report filters" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <DateField label="From" value={filters.from} onChange={(from) => set({ from })} />
            <DateField label="To" value={filters.to} onChange={(to) => set({ to })} />
          </Stack>
          <ToggleButtonGroup exclusive size="small" value={quick} onChange={(_e, next: (typeof QUICK_PERIODS)[number] | null) => next && set(quickPeriod(next, today))} aria-label="Period">
            {QUICK_PERIODS.map((choice) => (
              <ToggleButton key={choice} value={choice} sx={{ textTransform: 'none' }}>
                {QUICK_PERIOD_LABELS[choice]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FormControl size="small" sx={{ width: 220, maxWidth: '100%' }}>
            <InputLabel id="report-facility">Facility</InputLabel>
            <Select
              labelId="report-facility"
              label="Facility"
              value={filters.facilityId && facilities ? filters.facilityId : ALL}
              onChange={(e) => set({ facilityId: e.target.value === ALL ? undefined : e.target.value })}
            >
              <MenuItem value={ALL}>All facilities</MenuItem>
              {unlisted && <MenuItem value={unlisted}>A facility no longer listed</MenuItem>}
              {facilities?.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                  {f.isDeleted ? ' (deleted)' : ''}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ width: 160, maxWidth: '100%' }}>
            <InputLabel id="report-sport">Sport</InputLabel>
            <Select labelId="report-sport" label="Sport" value={filters.sport ?? ALL} onChange={(e) => set({ sport: e.target.value === ALL ? undefined : (e.target.value as Sport) })}>
              <MenuItem value={ALL}>All sports</MenuItem>
              {SPORTS.map((sport) => (
                <MenuItem key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup exclusive size="small" value={filters.groupBy} onChange={(_e, next: ReportGrouping | null) => next && set({ groupBy: next })} aria-label="Revenue and cancellations by">
            <ToggleButton value="week" sx={{ textTransform: 'none' }}>
              By week
            </ToggleButton>
            <ToggleButton value="month" sx={{ textTransform: 'none' }}>
              By month
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </CardContent>
    </Card>
  );
};
