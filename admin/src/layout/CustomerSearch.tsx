import { Suspense, lazy, useState } from 'react';
import { Box, Button, IconButton } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { brand } from '../theme.ts';

/** The Autocomplete and its list query load the first time the search is opened, not with the dashboard. */
const load = () => import('./CustomerSearchBox.tsx');
const CustomerSearchBox = lazy(() => load().then((m) => ({ default: m.CustomerSearchBox })));

/**
 * "Search customers" in the app bar: a light button until it is used (an icon on phones, where
 * the field then covers the bar), then the search field itself. Phones are told apart by CSS
 * breakpoints, so nothing but the button reaches the dashboard's first screen.
 */
export const CustomerSearch = () => {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <>
        <IconButton color="inherit" aria-label="Search customers" onClick={() => setOpen(true)} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
          <SearchIcon />
        </IconButton>
        <Button
          color="inherit"
          startIcon={<SearchIcon />}
          onClick={() => setOpen(true)}
          onFocus={() => void load()}
          onMouseEnter={() => void load()}
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, textTransform: 'none', border: '1px solid rgba(255,255,255,0.5)', width: 220, justifyContent: 'flex-start', mr: 1 }}
        >
          Search customers
        </Button>
      </>
    );
  }
  return (
    <Box
      sx={{
        position: { xs: 'fixed', sm: 'static' },
        inset: { xs: '0 0 auto 0', sm: 'auto' },
        zIndex: 'appBar',
        display: 'flex',
        alignItems: 'center',
        minHeight: { xs: 56, sm: 'auto' },
        px: { xs: 1, sm: 0 },
        mr: { sm: 1 },
        bgcolor: brand.dark,
        width: { xs: '100%', sm: 280 },
      }}
    >
      <Suspense fallback={<Box sx={{ width: '100%', height: 40 }} />}>
        <CustomerSearchBox onClose={() => setOpen(false)} />
      </Suspense>
    </Box>
  );
};
