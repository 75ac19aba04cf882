import { useState } from 'react';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { useCan } from '../common/useCan.ts';
import type { ReviewRecord, ReviewUpdate } from './types.ts';

const REASON_MAX = 200;

/**
 * Hide a review from the public (its facility's average and page), asking for an optional reason
 * staff will read; or show a hidden one again at once.
 */
export const HideReviewButton = () => {
  const record = useRecordContext<ReviewRecord>();
  const [update, { isPending }] = useUpdate<ReviewRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const allowed = useCan('reviews', 'edit');
  if (!allowed || !record) return null;

  const save = (data: ReviewUpdate) =>
    update(
      'reviews',
      { id: record.id, data, previousData: record },
      {
        onSuccess: () => {
          setOpen(false);
          notify(data.hidden ? 'Review hidden: it no longer counts on the facility page' : 'Review shown again', { type: 'info' });
          refresh();
        },
        onError: (err) => notify((err as Error).message || 'Could not change the review', { type: 'error' }),
      },
    );

  if (record.hidden) {
    return (
      <Button size="small" startIcon={<VisibilityIcon />} disabled={isPending} onClick={(e) => { e.stopPropagation(); void save({ hidden: false }); }}>
        Unhide
      </Button>
    );
  }
  return (
    <>
      <Button size="small" color="warning" startIcon={<VisibilityOffIcon />} onClick={(e) => { e.stopPropagation(); setOpen(true); }}>
        Hide
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} aria-labelledby="hide-review-title" fullWidth maxWidth="xs">
        <DialogTitle id="hide-review-title">Hide this review?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>It leaves {record.facilityName}'s page and its average. You can show it again later.</DialogContentText>
          <TextField
            label="Reason (optional, for staff)"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
            fullWidth
            multiline
            minRows={2}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button color="warning" variant="contained" disabled={isPending} onClick={() => void save({ hidden: true, hiddenReason: reason.trim() || null })}>
            Hide review
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
