import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Out of sight, still read by screen readers (the usual clip pattern, as MUI's visuallyHidden). */
export const srOnly = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Text for screen readers only: the name of a column of buttons, say, whose header shows nothing. */
export const ScreenReaderText = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={srOnly}>
    {children}
  </Box>
);
