import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useLogout } from 'react-admin';
import { getUser } from '../session.ts';
import { brand } from '../theme.ts';

/** What a signed-in customer sees at /admin/: the console is for venue staff only. */
export const StaffOnly = () => {
  const logout = useLogout();
  const user = getUser();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: brand.bg, p: 2 }}>
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ bgcolor: brand.light, color: brand.main, borderRadius: '50%', p: 1.5, display: 'flex' }}>
              <LockIcon />
            </Box>
            <Typography variant="h5" component="h1">
              Staff only
            </Typography>
            <Typography color="text.secondary">
              The Courtside back office is for venue staff.{user ? ` You are signed in as ${user.name} (${user.email}), which is a customer account.` : ''} If you
              work at the venue, ask an owner of the venue to give your account a staff role.
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
              <Button variant="contained" href="/">
                Back to the site
              </Button>
              <Button variant="outlined" onClick={() => logout()}>
                Sign in as someone else
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
