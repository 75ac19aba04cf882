import { Alert, Button } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { Link, useGetList } from 'react-admin';
import { flaggedPayments } from '../payments/links.ts';

/**
 * Orders the server flagged for a person to look at (paid after the slot went to someone
 * else, say): a banner over the figures, shown only while some are not marked resolved.
 */
export const FlaggedPaymentsNotice = () => {
  const { total } = useGetList('payments', { filter: { flagged: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
  if (!total) return null;
  return (
    <Alert
      severity="warning"
      icon={<FlagIcon />}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" component={Link} to={flaggedPayments}>
          Review {total === 1 ? 'it' : 'them'}
        </Button>
      }
    >
      {total === 1 ? '1 payment is' : `${total} payments are`} flagged for staff.
    </Alert>
  );
};
