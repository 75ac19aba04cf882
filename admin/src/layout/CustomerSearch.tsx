import { Suspense, lazy, useState } from 'react';
import { Box, Button, IconButton } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useIsPhone } from '../common/useIsPhone.ts';
import { brand } from '../theme.ts';

/** The Autocomplete and its list query load the first time the search is opened, not with the dashboard. */
const CustomerSearchBox = lazy(() => import('./CustomerSearchBox.tsx').then((m) => ({ default: m.CustomerSearchBox })));

/**
 * "Search customers" in the app bar: a light button until it is used (an icon on phones, where
 * the field then covers the bar), then the search field itself.
 */
export const CustomerSearch = () => {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (!open) {
    return phone ? (
      <IconButton color="inherit" aria-label="Search customers" onClick={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
    ) : (
      <Button
        color="inherit"
        startIcon={<SearchIcon />}
        onClick={() => setOpen(true)}
        onFocus={() => void import('./CustomerSearchBox.tsx')}
        onMouseEnter={() => void import('./CustomerSearchBox.tsx')}
        sx={{ textTransform: 'none', border: '1px solid rgba(255,255,255,0.5)', width: 220, justifyContent: 'flex-start', mr: 1, opacity: 0.9 }}
      >
        Search customers
      </Button>
    );
  }
  const box = (
    <Suspense fallback={<Box sx={{ width: phone ? '100%' : 280, height: 40 }} />}>
      <CustomerSearchBox onClose={close} fullWidth={phone} />
    </Suspense>
  );
  return phone ? (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'appBar', display: 'flex', alignItems: 'center', minHeight: 56, px: 1, bgcolor: brand.dark }}>
      {box}
    </Box>
  ) : (
    <Box sx={{ mr: 1 }}>{box}</Box>
  );
};
