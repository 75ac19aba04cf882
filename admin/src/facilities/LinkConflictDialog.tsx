import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ConflictList } from '../common/ConflictList.tsx';
import type { LinkConflict } from './part-of.ts';

/** Why the link was not saved: the server's words and the bookings in the way (to move or cancel first). Nothing was changed. */
export const LinkConflictDialog = ({ refusal, onClose }: { refusal: LinkConflict | undefined; onClose: () => void }) => (
  <Dialog open={refusal !== undefined} onClose={onClose} aria-labelledby="link-conflict-title">
    <DialogTitle id="link-conflict-title">Not saved: bookings in the way</DialogTitle>
    <DialogContent>
      <DialogContentText sx={{ mb: 1 }}>{refusal?.message}</DialogContentText>
      <ConflictList conflicts={refusal?.conflicts ?? []} label="Bookings in the way of the link" />
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose} autoFocus>
        OK
      </Button>
    </DialogActions>
  </Dialog>
);
