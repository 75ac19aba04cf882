import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import CalendarViewDayIcon from '@mui/icons-material/ViewWeekOutlined';
import { AppBar, Layout as RaLayout, LoadingIndicator, Menu, TitlePortal, usePermissions, Loading } from 'react-admin';
import { isStaff } from '../access.ts';
import { Logo } from './Logo.tsx';
import { StaffOnly } from './StaffOnly.tsx';

const CourtsideAppBar = () => (
  <AppBar
    alwaysOn
    color="secondary"
    toolbar={
      <>
        <Button color="inherit" href="/" target="_blank" rel="noopener" endIcon={<OpenInNewIcon fontSize="small" />} sx={{ display: { xs: 'none', md: 'inline-flex' }, textTransform: 'none' }}>
          View site
        </Button>
        <LoadingIndicator />
      </>
    }
  >
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
      <Logo size={26} inverted />
      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, letterSpacing: 0.2, display: { xs: 'none', sm: 'inline' } }}>
        Courtside
      </Typography>
    </Box>
    <TitlePortal variant="subtitle1" sx={{ opacity: 0.85 }} />
  </AppBar>
);

const CourtsideMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" leftIcon={<DashboardIcon />} />
    <Menu.Item to="/day-view" primaryText="Day view" leftIcon={<CalendarViewDayIcon />} />
    <Menu.ResourceItem name="bookings" />
    <Menu.ResourceItem name="payments" />
    <Menu.ResourceItem name="facilities" />
    <Menu.ResourceItem name="users" />
    <Menu.ResourceItem name="messages" />
  </Menu>
);

/** Staff get the console; anyone else signed in gets the "Staff only" page and nothing is fetched. */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading />;
  if (!isStaff(permissions)) return <StaffOnly />;
  return (
    <RaLayout appBar={CourtsideAppBar} menu={CourtsideMenu}>
      {children}
    </RaLayout>
  );
};
