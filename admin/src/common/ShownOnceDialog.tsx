import type { ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { CopyField } from './CopyField.tsx';

/**
 * A secret the server keeps only a hash of (a device key, a voucher code), shown this once: a
 * warning, the value with a copy button, and what to do with it. A click beside it does not close it.
 */
export const ShownOnceDialog = ({ title, warning, label, value, copyLabel, children, onClose }: {
  title: string;
  warning: string;
  label: string;
  value: string;
  copyLabel?: string;
  children: ReactNode;
  onClose: () => void;
}) => (
  <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth>
    <DialogTitle>{title}</DialogTitle>
    <DialogContent>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {warning}
      </Alert>
      <CopyField label={label} value={value} {...(copyLabel ? { copyLabel } : {})} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {children}
      </Typography>
    </DialogContent>
    <DialogActions>
      <Button variant="contained" onClick={onClose}>
        I have copied it
      </Button>
    </DialogActions>
  </Dialog>
);
