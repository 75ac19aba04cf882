import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { ArrayInput, DateInput, NumberInput, SelectArrayInput, SelectInput, SimpleFormIterator, maxValue, minValue, regex, required, useSimpleFormIterator } from 'react-admin';
import { CHECK_IN_CHOICES, MAX_PRICE, POLICY_RANGES, type NumericPolicyField } from '@courtside/domain';
import { currencySymbol } from '@courtside/browser';
import type { PublicSettings } from '@courtside/contracts';
import { useWatch } from 'react-hook-form';
import { httpClient } from '../dataProvider.ts';
import { changeoverFits, changeoverHelp } from './changeover.ts';
import { Section } from './FormSection.tsx';
import { DAY_NAMES, WEEK_ORDER } from './OpeningHoursInput.tsx';
import { WeekPricePreview } from './WeekPricePreview.tsx';
import { clockTimeChoices } from '../common/clock-times.ts';

/** Monday first, as a venue's week reads; the keys are openingHours'. */
const DAY_CHOICES = WEEK_ORDER.map((day) => ({ id: day, name: DAY_NAMES[day].slice(0, 3) }));
const hhmm = regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm, e.g. 18:00 (24:00 for midnight)');


/** The iterator's add button, named for what it adds (react-admin's own is an unnamed icon). */
const AddRuleButton = () => {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
      Add a price rule
    </Button>
  );
};

/**
 * One rule per row: a grid that wraps its fields onto as many lines as the card's width needs
 * (days, then times, then validity and price), so no field runs past the card at any width.
 */
const ruleRowSx = {
  '& .RaSimpleFormIterator-line': { py: 1 },
  '& .RaSimpleFormIterator-form': {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    columnGap: 1.5,
    rowGap: 0,
    flex: 1,
    minWidth: 0,
    '& > *': { minWidth: 0, width: '100%', m: 0 },
    '& > :first-of-type': { gridColumn: '1 / -1' },
  },
  // Remove stays visible (react-admin shows it on hover only): keyboards and touch find it too.
  '& .RaSimpleFormIterator-action': { visibility: 'visible' },
};

/** Pricing: the ordered price rules (the first that matches a minute prices it), and what they make of the coming week. */
export const PriceRulesInput = () => (
  <>
    <Section
      title="Pricing"
      hint="Rules for peak hours, weekends or seasons, in order: the first rule that matches a minute prices it; the price per hour above applies where none does. A range past midnight is two rules."
    />
    <ArrayInput source="priceRules" label="Price rules" sx={{ width: '100%' }}>
      <SimpleFormIterator inline addButton={<AddRuleButton />} sx={ruleRowSx}>
        <SelectArrayInput source="days" label="Days" choices={DAY_CHOICES} validate={required()} />
        <SelectInput source="from" label="From" choices={clockTimeChoices(undefined, { to: 24 * 60 - 15 })} validate={[required(), hhmm]} />
        <SelectInput source="to" label="To" choices={clockTimeChoices(undefined, { from: 15 })} validate={[required(), hhmm]} />
        <NumberInput source="pricePerHour" label={`Price / hour (${currencySymbol()})`} validate={[required(), minValue(0), maxValue(MAX_PRICE)]} step={0.5} />
        <DateInput source="validFrom" label="Valid from" helperText="Optional" />
        <DateInput source="validTo" label="Valid until" helperText="Optional" />
      </SimpleFormIterator>
    </ArrayInput>
    <WeekPricePreview />
  </>
);

type PolicyField = NumericPolicyField;
/** The policy fields, with what a blank means; the longest booking is the Schedule's (maxBookingMinutes). */
const FIELDS: { field: Exclude<PolicyField, 'maxMinutes'>; label: string; fallback: (s: PublicSettings | undefined) => string }[] = [
  { field: 'horizonDays', label: 'Horizon (days ahead)', fallback: (s) => (s ? `${s.bookingHorizonDays} days` : 'the venue setting') },
  { field: 'minNoticeMinutes', label: 'Minimum notice (minutes)', fallback: () => 'none' },
  { field: 'cancellationHours', label: 'Cancellation window (hours)', fallback: (s) => (s ? `${s.cancellationHours} hours` : 'the venue setting') },
  { field: 'minMinutes', label: 'Shortest booking (minutes)', fallback: () => 'one slot' },
  { field: 'bufferMinutes', label: 'Changeover (minutes)', fallback: () => 'none' },
  { field: 'maxActivePerCustomer', label: 'Bookings per customer', fallback: () => 'no limit on upcoming bookings here' },
];

/** The venue's settings, for what a blank field means. */
const useVenueSettings = () =>
  useQuery({
    queryKey: ['courtside', 'settings'],
    queryFn: async () => ((await httpClient('/api/settings')).json as { data: PublicSettings }).data,
    staleTime: 5 * 60_000,
  }).data;

/** Rules: the facility's booking policy, each blank field the venue default. */
export const PolicyInputs = () => {
  const settings = useVenueSettings();
  // The changeover says what it does to this form's slots while it is typed, before saving.
  const [slotMinutes, changeover] = useWatch({ name: ['slotMinutes', 'policy.bufferMinutes'] }) as unknown[];
  return (
    <>
      <Section title="Rules" hint="Leave a field blank to use the venue default." />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {FIELDS.map(({ field, label, fallback }) => {
          const [min, max] = POLICY_RANGES[field];
          return (
            <NumberInput
              key={field}
              source={`policy.${field}`}
              label={label}
              validate={field === 'bufferMinutes' ? [minValue(min), maxValue(max), changeoverFits] : [minValue(min), maxValue(max)]}
              step={1}
              helperText={field === 'bufferMinutes' ? changeoverHelp(slotMinutes, changeover) : `Blank: ${fallback(settings)}`}
              sx={field === 'bufferMinutes' ? { width: { xs: '100%', sm: 616 } } : { width: 300 }}
            />
          );
        })}
        <SelectInput
          source="policy.checkIn"
          label="Check-in"
          choices={CHECK_IN_CHOICES.map((id) => ({ id, name: CHECK_IN_NAMES[id] }))}
          emptyText="Off (default)"
          helperText="On: staff or a door device check each booking in; one nobody checked in by its start plus the grace time becomes a no-show."
          sx={{ width: { xs: '100%', sm: 616 } }}
        />
      </Box>
    </>
  );
};

const CHECK_IN_NAMES = { off: 'Off', on: 'On' } as const;
