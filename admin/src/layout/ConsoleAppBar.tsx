import { Box, Button, CircularProgress, IconButton, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import { TitlePortal, useLoading, useRefresh, useSidebarState } from 'react-admin';
import { brand } from '../theme.ts';
import { CustomerSearch } from './CustomerSearch.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Refetches the screen's data; a spinner takes its place while anything loads (react-admin's <LoadingIndicator>). */
const RefreshButton = () => {
  const loading = useLoading();
  const refresh = useRefresh();
  return (
    <Box sx={{ position: 'relative' }}>
      <IconButton color="inherit" aria-label="Refresh" onClick={() => refresh()} sx={{ opacity: loading ? 0 : 1 }}>
      <RefreshIcon />
      </IconButton>
      {loading && <CircularProgress color="inherit" size={16} thickness={6} sx={{ position: 'absolute', top: '30%', left: '30%' }} />}
    </Box>
  );
};

/**
 * The console's top bar, as react-admin's <AppBar alwaysOn> draws it: the menu button, the
 * brand, the screen's title (each screen's one h1), then "View site", refresh and the user
 * menu. Built from MUI's plain parts, without react-admin's tooltips, theme and locale buttons,
 * and as a plain fixed header (MUI's AppBar and Toolbar add only their styles).
 */
export const ConsoleAppBar = ({ menuId }: { menuId: string }) => {
  const [open, setOpen] = useSidebarState();
  return (
    <Box
      component="header"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'appBar', display: 'flex', alignItems: 'center', minHeight: { xs: 56, sm: 48 }, px: 1, bgcolor: brand.dark, color: '#fff', boxShadow: 4 }}
    >
      <IconButton color="inherit" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen(!open)} sx={{ mr: '0.2em' }}>
        <MenuIcon />
      </IconButton>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
        <Logo size={26} inverted />
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, letterSpacing: 0.2, display: { xs: 'none', sm: 'inline' } }}>
          Courtside
        </Typography>
      </Box>
      <TitlePortal variant="subtitle1" component="h1" sx={{ opacity: 0.85 }} />
      <Button color="inherit" href="/" target="_blank" rel="noopener" endIcon={<OpenInNewIcon fontSize="small" />} sx={{ display: { xs: 'none', md: 'inline-flex' }, textTransform: 'none' }}>
        View site
      </Button>
      <CustomerSearch />
      <RefreshButton />
      <UserMenu />
    </Box>
  );
};
