import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Link, usePermissions } from 'react-admin';
import { ROLE_LABELS } from '@courtside/domain';
import { roleOf } from '../access.ts';
import { ScreenTitle } from '../common/ScreenTitle.tsx';
import { brand } from '../theme.ts';

/**
 * react-admin's access-denied page, inside the console: a staff member opened a screen their
 * role does not include (an old link, a typed address). Only staff reach it; the layout shows
 * anyone else "Staff only" instead of any screen.
 */
export const NotForYourRole = () => {
  const { permissions } = usePermissions();
  const role = roleOf(permissions);
  return (
    <Box sx={{ py: 2 }}>
      <ScreenTitle title="Not available" />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ bgcolor: brand.light, color: brand.main, borderRadius: '50%', p: 1.5, display: 'flex' }}>
              <LockIcon />
            </Box>
            <Typography variant="h5" component="h2">
              Not part of your role
            </Typography>
            <Typography color="text.secondary">
              {role ? `Your account has the ${ROLE_LABELS[role]} role, which does not include this screen.` : 'Your role does not include this screen.'} If you need
              it, ask an owner of the venue.
            </Typography>
            <Button variant="contained" component={Link} to="/">
              Back to the dashboard
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
