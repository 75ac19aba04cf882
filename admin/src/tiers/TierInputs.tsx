import { Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
  useGetOne,
} from 'react-admin';
import { TIER_NAME_MAX_LENGTH } from '@courtside/domain';
import type { FacilityRecord } from '../facilities/types.ts';
import { ruleLabel, type FacilityPriceRow, type TierForm } from './tier-form.ts';

const KIND_CHOICES = [
  { id: 'discount', name: 'A percentage off every price' },
  { id: 'prices', name: 'Its own prices at some facilities' },
];

/** The prices of a facility's rules for this tier: its rules to choose from, each with a price. */
const RulePrices = ({ facilityId }: { facilityId: string | null | undefined }) => {
  const { data: facility } = useGetOne<FacilityRecord>('facilities', { id: facilityId ?? '' }, { enabled: Boolean(facilityId) });
  if (!facilityId || !facility) return null;
  if (facility.priceRules.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {facility.name} has no price rules: the price per hour above is all it needs.
      </Typography>
    );
  }
  const choices = facility.priceRules.map((rule, i) => ({ id: i, name: ruleLabel(rule, i) }));
  return (
    <ArrayInput source="rules" label={`Prices for ${facility.name}'s rules (peak hours, weekends...)`}>
      <SimpleFormIterator inline disableReordering sx={{ '& .RaSimpleFormIterator-inline': { flexWrap: 'wrap', columnGap: 1 } }}>
        <SelectInput source="rule" label="Rule" choices={choices} sx={{ minWidth: 320 }} />
        <NumberInput source="pricePerHour" label="Price / hour" step={0.5} sx={{ maxWidth: 160 }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

/**
 * A tier's fields: its name, then either a percentage off or its own prices per facility (the
 * base price and/or some of the facility's price rules). What it leaves out costs the public price.
 */
export const TierInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxLength(TIER_NAME_MAX_LENGTH)]} helperText='Customers see it beside their prices: "Member prices"' sx={{ maxWidth: 420 }} />
    <RadioButtonGroupInput source="kind" label="What the tier does" choices={KIND_CHOICES} validate={required()} />
    <FormDataConsumer<TierForm>>
      {({ formData }) =>
        formData.kind === 'prices' ? (
          <ArrayInput source="prices" label="Prices per facility" helperText="A price above the public price of that time is never charged">
            <SimpleFormIterator disableReordering fullWidth>
              <ReferenceInput source="facilityId" reference="facilities" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
                <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { sm: 360 } }} />
              </ReferenceInput>
              <NumberInput source="pricePerHour" label="Price / hour" helperText="Instead of its price per hour; empty: the public price" step={0.5} sx={{ maxWidth: 240 }} />
              <FormDataConsumer<TierForm>>{({ scopedFormData }) => <RulePrices facilityId={(scopedFormData as FacilityPriceRow | undefined)?.facilityId} />}</FormDataConsumer>
            </SimpleFormIterator>
          </ArrayInput>
        ) : (
          <NumberInput source="discountPercent" label="Percent off" helperText="A whole number from 1 to 100, off every price (peak hours too)" step={1} sx={{ maxWidth: 240 }} />
        )
      }
    </FormDataConsumer>
  </>
);
