import type { MouseEvent, ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Confirm } from 'react-admin';

/**
 * A confirm dialog for a change that cancels other things: what happens (intro), the list of
 * what it affects (children), then go ahead or keep them. Clicks stay inside (lists open a row on click).
 */
export const ConfirmAffected = ({
  open,
  title,
  intro,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Confirm
    isOpen={open}
    loading={busy}
    title={title}
    content={
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {intro}
        </Typography>
        {children}
      </Box>
    }
    confirm={confirmLabel}
    cancel="Keep them"
    confirmColor="warning"
    onConfirm={(e: MouseEvent) => {
      e.stopPropagation();
      onConfirm();
    }}
    onClose={(e: MouseEvent) => {
      e.stopPropagation();
      onClose();
    }}
  />
);
