import { Card, CardContent, Grid, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Fact } from '../common/Fact.tsx';
import { countOf, dateTime } from '../common/format.ts';
import { CustomerFact } from '../common/CustomerFact.tsx';
import { DetailSection } from '../common/DetailSection.tsx';
import { CancelSeriesButton } from './CancelSeriesButton.tsx';
import { Occurrences } from './Occurrences.tsx';
import { seriesRule, seriesSpan } from './series-text.ts';
import type { SeriesRecord } from './types.ts';

const Actions = () => {
  const series = useRecordContext<SeriesRecord>();
  return (
    <TopToolbar>
      <ListButton label="All series" />
      {series && <CancelSeriesButton series={series} variant="outlined" />}
    </TopToolbar>
  );
};

const Title = () => {
  const s = useRecordContext<SeriesRecord>();
  return <>{s ? `Series: ${s.customer.name}, ${s.facilityName}` : 'Series'}</>;
};

const Details = () => {
  const s = useRecordContext<SeriesRecord>();
  if (!s) return null;
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2">
        {s.facilityName}: {seriesRule(s)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {seriesSpan(s)} · {countOf(s.upcoming, 'date')} still to come
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CustomerFact name={s.customer.name} email={s.customer.email} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Fact label="Set up">
            <Typography variant="body2">{dateTime(s.createdAt)}</Typography>
          </Fact>
        </Grid>
        {s.note && (
          <Grid size={{ xs: 12, md: 4 }}>
            <Fact label="Note">
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                {s.note}
              </Typography>
            </Fact>
          </Grid>
        )}
      </Grid>
      <DetailSection title="Dates">
        <Occurrences series={s} />
      </DetailSection>
    </CardContent>
  );
};

export const SeriesShow = () => (
  <Show actions={<Actions />} title={<Title />} component={Card}>
    <Details />
  </Show>
);
