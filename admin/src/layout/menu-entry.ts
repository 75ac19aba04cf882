import type { SxProps, Theme } from '@mui/material';

/**
 * A menu entry (role menuitem) drawn as MUI's <MenuItem> draws one: body text, 6px 16px, taller
 * on a phone, hover and keyboard-focus shades. Applied to <ButtonBase>, which the sign-in page
 * has loaded already; MenuItem itself brings MUI's roving-focus code, ~4 KB gzipped.
 */
export const menuEntry = {
  typography: 'body1',
  display: 'flex',
  justifyContent: 'flex-start',
  alignItems: 'center',
  width: '100%',
  minHeight: { xs: 48, sm: 'auto' },
  px: 2,
  py: '6px',
  boxSizing: 'border-box',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  '& > .icon': { display: 'inline-flex', flexShrink: 0, minWidth: 40, color: 'text.secondary' },
} satisfies SxProps<Theme>;
