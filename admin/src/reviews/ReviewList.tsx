import { Chip, Stack, Typography } from '@mui/material';
import { AutocompleteInput, Datagrid, DateField, ExportButton, FilterButton, FunctionField, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import { shortDateTime } from '../common/format.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { exporters } from '../exports.ts';
import { HideReviewButton } from './HideReviewButton.tsx';
import { hiddenChoices, hiddenText, ratingChoices, stars } from './review-text.ts';
import type { ReviewRecord } from './types.ts';

const filters = (phone: boolean) => [
  <SearchInput key="q" source="q" placeholder="Comment or customer" alwaysOn />,
  <ReferenceInput key="facilityId" source="facilityId" reference="facilities" alwaysOn={!phone}>
    <AutocompleteInput label="Facility" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ width: 220 }} />
  </ReferenceInput>,
  <SelectInput key="hidden" source="hidden" label="Shown" choices={hiddenChoices} alwaysOn={!phone} sx={{ width: 140 }} />,
  <SelectInput key="rating" source="rating" label="Stars" choices={ratingChoices} sx={{ width: 140 }} />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportButton />
  </TopToolbar>
);

const Stars = ({ rating }: { rating: number }) => (
  <Typography variant="body2" sx={{ color: '#a06c00', whiteSpace: 'nowrap', letterSpacing: 1 }} aria-label={`${rating} out of 5 stars`}>
    {stars(rating)}
  </Typography>
);

/** Shown or hidden, and for a hidden one who hid it and why. */
const Shown = ({ r }: { r: ReviewRecord }) =>
  r.hidden ? (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', maxWidth: 200 }}>
      <Chip size="small" color="warning" label="Hidden" />
      <Typography variant="caption" color="text.secondary">
        {hiddenText(r)}
      </Typography>
    </Stack>
  ) : (
    <Chip size="small" variant="outlined" label="Visible" />
  );

/** Who wrote what about which facility: staff see the author (customers never do) and hide or show a review. */
export const ReviewList = () => {
  const phone = useIsPhone();
  return (
    <List filters={filters(phone)} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exporters.reviews} title="Reviews">
      {phone ? (
        <SimpleList<ReviewRecord>
          primaryText={(r) => `${stars(r.rating)} ${r.facilityName}`}
          secondaryText={(r) => (
            <>
              {r.customerName} · {shortDateTime(r.createdAt)}
              {r.hidden && ` · ${hiddenText(r)}`}
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {r.comment}
              </Typography>
            </>
          )}
          tertiaryText={() => <HideReviewButton />}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="createdAt" label="Written" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} />
          <TextField source="facilityName" label="Facility" sortBy="facilityName" />
          <FunctionField label="Rating" sortBy="rating" render={(r: ReviewRecord) => <Stars rating={r.rating} />} />
          <FunctionField
            label="Comment"
            render={(r: ReviewRecord) => (
              <Typography variant="body2" sx={{ maxWidth: 360, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {r.comment || '—'}
              </Typography>
            )}
          />
          <FunctionField
            label="Customer"
            sortBy="customerName"
            render={(r: ReviewRecord) => (
              <Stack>
                <Typography variant="body2">{r.customerName}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.customerEmail}
                </Typography>
              </Stack>
            )}
          />
          <FunctionField label="Shown" render={(r: ReviewRecord) => <Shown r={r} />} />
          <FunctionField label="" render={() => <HideReviewButton />} />
        </Datagrid>
      )}
    </List>
  );
};
