import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The site's palette (site/src/styles/global.css) on react-admin's default theme. */
export const brand = {
  main: '#1d6f42',
  dark: '#145230',
  light: '#e3f1e8',
  accent: '#f2a93b',
  ink: '#1b2430',
  muted: '#5a6578',
  line: '#e2e6ec',
  bg: '#f6f8fa',
  /** Free time in the day view: green text that keeps 5:1 on white (the lighter #3d8b5e did not). */
  free: '#2b7a4b',
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: brand.main, dark: brand.dark, light: '#4c9a6c', contrastText: '#fff' },
    secondary: { main: brand.dark, contrastText: '#fff' },
    // Darker than MUI's defaults so white text on chips (and chip text on white) passes WCAG AA (4.5:1).
    warning: { main: '#9a5b00' },
    // MUI's #d32f2f is 3.8:1 on a toolbar's grey; this red keeps 4.9:1 there and 6.5:1 on white.
    error: { main: '#b3261e' },
    info: { main: '#1f5fa8' },
    background: { default: brand.bg, paper: '#fff' },
    text: { primary: brand.ink, secondary: brand.muted },
    divider: brand.line,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
  },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: brand.dark, color: '#fff' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: brand.muted } } },
  },
};
