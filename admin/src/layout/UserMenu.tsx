import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, ButtonBase, ClickAwayListener, IconButton, Paper, useMediaQuery, type Theme } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { useGetIdentity, useLogout } from 'react-admin';
import { menuEntry } from './menu-entry.ts';

/**
 * The user menu (who is signed in; Logout), drawn like react-admin's <UserMenu> but opening a
 * small panel under its button instead of MUI's Menu (Popover, Modal, focus trap: code the
 * first screen would load for one menu item). The button is named for people and axe: its
 * accessible name starts with the name it shows ("Ann Lee, profile", WCAG 2.5.3), and the photo
 * beside the name is decoration (alt=""). Escape or a click elsewhere closes the panel.
 */
export const UserMenu = () => {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const photo = typeof identity?.photo === 'string' ? identity.photo : undefined;
  const name = identity?.fullName;
  const icon = photo ? <Box component="img" src={photo} alt="" sx={{ width: 24, height: 24, borderRadius: '50%', objectFit: 'cover' }} /> : <AccountCircle />;
  const trigger = {
    ref: button,
    color: 'inherit' as const,
    'aria-label': name ? `${name}, profile` : 'Profile',
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen(!open),
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box sx={{ position: 'relative' }}>
        {wide && name ? (
          <Button {...trigger} startIcon={icon} sx={{ textTransform: 'none', ml: 0.5 }}>
            {name}
          </Button>
        ) : (
          <IconButton {...trigger}>{icon}</IconButton>
        )}
        {open && (
          <Paper id={menuId} role="menu" elevation={8} onKeyDown={closeOnEscape} sx={{ position: 'absolute', right: 0, top: '100%', mt: 0.5, minWidth: 160, py: 1 }}>
            <ButtonBase role="menuitem" autoFocus onClick={() => logout(null, undefined, false)} sx={menuEntry}>
              <span className="icon">
                <ExitIcon fontSize="small" />
              </span>
              Logout
            </ButtonBase>
          </Paper>
        )}
      </Box>
    </ClickAwayListener>
  );
};
