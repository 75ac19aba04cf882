import type { ReactNode } from 'react';
import { Avatar, Box, Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import CalendarViewDayIcon from '@mui/icons-material/ViewWeekOutlined';
import { AppBar, LoadingIndicator, Menu, TitlePortal, UserMenu, useGetIdentity, usePermissions, Loading } from 'react-admin';
import { isStaff } from '../access.ts';
import { Logo } from './Logo.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import { ConsoleFrame } from './ConsoleFrame.tsx';

/**
 * react-admin's user menu, named for people and axe: the button shows the user's name, so its
 * accessible name starts with it ("Ann Lee, profile") rather than a bare "Profile" (WCAG 2.5.3),
 * and the photo beside the name is decoration (alt="") rather than the name said twice.
 */
const CourtsideUserMenu = () => {
  const { identity } = useGetIdentity();
  const photo = typeof identity?.photo === 'string' ? identity.photo : undefined;
  return (
    <UserMenu
      label={identity?.fullName ? `${identity.fullName}, profile` : 'Profile'}
      icon={photo ? <Avatar className="RaUserMenu-avatar" src={photo} alt="" /> : undefined}
    />
  );
};

const CourtsideAppBar = () => (
  <AppBar
    alwaysOn
    color="secondary"
    userMenu={<CourtsideUserMenu />}
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
    {/* Each screen's title ("Bookings", "Day view") is its one h1; content headings start at h2. */}
    <TitlePortal variant="subtitle1" component="h1" sx={{ opacity: 0.85 }} />
  </AppBar>
);

const CourtsideMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Dashboard" leftIcon={<DashboardIcon />} />
    <Menu.Item to="/day-view" primaryText="Day view" leftIcon={<CalendarViewDayIcon />} />
    <Menu.ResourceItem name="bookings" />
    <Menu.ResourceItem name="series" />
    <Menu.ResourceItem name="payments" />
    <Menu.ResourceItem name="facilities" />
    <Menu.ResourceItem name="closures" />
    <Menu.ResourceItem name="users" />
    <Menu.ResourceItem name="tiers" />
    <Menu.ResourceItem name="promo-codes" />
    <Menu.ResourceItem name="reviews" />
    <Menu.ResourceItem name="messages" />
    <Menu.ResourceItem name="emails" />
  </Menu>
);

/** Staff get the console; anyone else signed in gets the "Staff only" page and nothing is fetched. */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading />;
  if (!isStaff(permissions)) return <StaffOnly />;
  return (
    <ConsoleFrame appBar={CourtsideAppBar} menu={CourtsideMenu}>
      {children}
    </ConsoleFrame>
  );
};
