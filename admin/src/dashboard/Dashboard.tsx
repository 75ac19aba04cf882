import { Suspense } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/EventNoteOutlined';
import ViewWeekIcon from '@mui/icons-material/ViewWeekOutlined';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Link, useDataProvider } from 'react-admin';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { useQuery } from '@tanstack/react-query';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { longDate } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { FailedEmailsNotice, FlaggedPaymentsNotice } from './AttentionNotices.tsx';
import { FigureCards, FigureCardsLoading } from './FigureCards.tsx';
import { ToDoCard } from './ToDoCard.tsx';
import { UpcomingBookings } from './UpcomingBookings.tsx';
import { DoorFigures } from '../attendance/index.ts';

/** The figures, refreshed every minute. */
const useStats = () => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  return useQuery({ queryKey: ['courtside', 'stats'], queryFn: () => dataProvider.getStats(), refetchInterval: 60_000 });
};

/** Staff's first screen: today's figures, what needs a person, and the way to the day. */
export const Dashboard = () => {
  const { data, isPending, error } = useStats();
  const addFacility = useCan('facilities', 'create');
  return (
    <Box sx={{ py: 2 }}>
      <ScreenTitle title="Dashboard" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h5" component="h2">
            Today at Courtside
          </Typography>
          <Typography color="text.secondary">{data ? `${longDate(data.today)} · ${data.facilities} facilities open for booking` : ' '}</Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component={Link} to="/day-view" startIcon={<ViewWeekIcon />}>
            Open day view
          </Button>
          <Button variant="outlined" component={Link} to="/bookings" startIcon={<EventIcon />}>
            Bookings
          </Button>
          {addFacility && (
            <Button variant="outlined" component={Link} to="/facilities/create" startIcon={<AddIcon />}>
              Add facility
            </Button>
          )}
        </Stack>
      </Stack>

      <FlaggedPaymentsNotice />
      <FailedEmailsNotice />
      {error ? (
        <Typography color="error">The figures could not be loaded: {error instanceof Error ? error.message : String(error)}</Typography>
      ) : isPending || !data ? (
        <FigureCardsLoading />
      ) : (
        <>
          <ToDoCard deskRefunds={data.deskRefunds} />
          <FigureCards stats={data} />
          <Suspense fallback={null}>
            <DoorFigures />
          </Suspense>
          <UpcomingBookings bookings={data.upcoming} />
        </>
      )}
    </Box>
  );
};
