import { Suspense, useState, type ReactNode } from 'react';
import { Button } from '@mui/material';

/**
 * A button that opens a dialog. The dialog (often a lazy chunk, loaded on the first click) is
 * mounted only while open; `children` gets the function that closes it.
 */
export const DialogButton = ({ label, icon, variant = 'text', children }: { label: string; icon: ReactNode; variant?: 'text' | 'outlined' | 'contained'; children: (close: () => void) => ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant={variant} startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && <Suspense fallback={null}>{children(() => setOpen(false))}</Suspense>}
    </>
  );
};
