import { useMediaQuery, type Theme } from '@mui/material';

/**
 * True below the `sm` breakpoint (600px): lists swap their grid for a SimpleList there, so a
 * phone never scrolls a table sideways. Read on the first render (noSsr) so the grid is not
 * mounted, fetched and thrown away.
 */
export const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
