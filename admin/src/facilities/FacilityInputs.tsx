import { Typography } from '@mui/material';
import { AutocompleteInput, NumberInput, SelectInput, TextInput, maxLength, maxValue, minValue, required } from 'react-admin';
import { DEFAULT_SPORT, MAX_PRICE, TEXT_LIMITS } from '@courtside/domain';
import { currencySymbol } from '@courtside/browser';
import { OpeningHoursInput } from './OpeningHoursInput.tsx';
import { PolicyInputs, PriceRulesInput } from './PricingInputs.tsx';
import { Section } from './FormSection.tsx';
import { PhotoInput } from './PhotoInput.tsx';
import { MaxPlayersInput } from './MaxPlayersInput.tsx';
import { PartOfInput } from './PartOfInput.tsx';
import { sportChoices } from './sports.ts';

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/New_York', 'UTC'];
const zoneChoices = ZONES.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }));

/** Slot lengths that divide a day, as the API requires. */
const SLOTS = [15, 20, 30, 45, 60, 90, 120, 180, 240];
const slotLabel = (m: number) => (m < 60 ? `${m} minutes` : m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} hour${m === 60 ? '' : 's'}`);
const slotChoices = SLOTS.map((m) => ({ id: m, name: slotLabel(m) }));

const wholeSlots = (value: unknown, all: { slotMinutes?: number }) => {
  const slot = Number(all?.slotMinutes) || 60;
  const n = Number(value);
  if (value === null || value === undefined || value === '') return undefined;
  return n % slot === 0 && n >= slot ? undefined : `Must be a whole number of ${slot}-minute slots`;
};

/** The fields of a facility, shared by Create (`creating`: a photo is required, players may be left to the sport's usual) and Edit. */
export const FacilityInputs = ({ creating }: { creating: boolean }) => (
  <>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
      Details
    </Typography>
    <TextInput source="name" validate={[required(), maxLength(TEXT_LIMITS.facilityName)]} sx={{ maxWidth: 560 }} />
    <TextInput source="location" validate={[required(), maxLength(TEXT_LIMITS.location)]} sx={{ maxWidth: 560 }} />
    <SelectInput
      source="sport"
      choices={sportChoices}
      defaultValue={DEFAULT_SPORT}
      validate={required()}
      helperText="What players search by"
      sx={{ width: 220 }}
    />
    <PartOfInput />
    <MaxPlayersInput creating={creating} />
    <NumberInput source="pricePerHour" label={`Price per hour (${currencySymbol()})`} validate={[required(), minValue(0), maxValue(MAX_PRICE)]} step={0.5} sx={{ width: 220 }} />
    <TextInput source="description" multiline minRows={3} validate={[required(), maxLength(TEXT_LIMITS.description)]} sx={{ maxWidth: 560 }} />
    <PhotoInput imageRequired={creating} />

    <Section title="Schedule" hint="Customers book whole slots inside the opening hours, up to the longest booking." />
    <AutocompleteInput source="timezone" label="Time zone" choices={zoneChoices} helperText="Leave empty for the venue's default time zone" sx={{ width: 320 }} />
    <SelectInput source="slotMinutes" label="Slot length" choices={slotChoices} validate={[required()]} sx={{ width: 220 }} />
    <NumberInput
      source="maxBookingMinutes"
      label="Longest booking (minutes)"
      validate={[required(), wholeSlots]}
      step={15}
      helperText="A whole number of slots: the longest one booking may last"
      sx={{ width: 300 }}
    />
    <OpeningHoursInput />
    <PriceRulesInput />
    <PolicyInputs />
  </>
);
