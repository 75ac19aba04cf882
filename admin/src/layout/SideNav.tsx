import type { ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

/**
 * Where the menu sits. From small screens up, a column beside the screen that the menu button
 * folds to its icons (react-admin's permanent sidebar); on a phone, a panel over the screen
 * under the app bar, closed by choosing an entry, Escape, or a tap outside (react-admin's
 * temporary drawer, without MUI's Modal and Drawer code).
 */
export const SideNav = ({ children }: { children: (onNavigate?: () => void) => ReactNode }) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  if (!phone) {
    return (
      <Box component="nav" aria-label="Console" sx={{ flexShrink: 0, width: (theme) => (open ? theme.sidebar.width : theme.sidebar.closedWidth), transition: (theme) => theme.transitions.create('width') }}>
        <Box sx={{ position: 'fixed', width: 'inherit', height: 'calc(100vh - 3em)', overflowX: 'hidden', scrollbarWidth: 'none' }}>{children()}</Box>
      </Box>
    );
  }
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Box onClick={close} sx={{ position: 'fixed', inset: 0, top: 56, zIndex: 'drawer', bgcolor: 'rgba(0, 0, 0, 0.5)' }} />
      <Box
        component="nav"
        aria-label="Console"
        onKeyDown={(event) => event.key === 'Escape' && close()}
        sx={{ position: 'fixed', top: 56, left: 0, bottom: 0, width: (theme) => theme.sidebar.width + 40, maxWidth: '85vw', overflowY: 'auto', zIndex: 'drawer', bgcolor: 'background.default', boxShadow: 8 }}
      >
        {children(close)}
      </Box>
    </>
  );
};
