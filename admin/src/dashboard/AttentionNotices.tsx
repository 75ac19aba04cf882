import type { ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { Link, useGetList } from 'react-admin';
import { countOf } from '../common/format.ts';
import { FAILED_FILTER, failedEmails } from '../emails/links.ts';
import { FLAGGED_FILTER, flaggedPayments } from '../payments/links.ts';

interface AttentionNoticeProps {
  resource: string;
  filter: Record<string, unknown>;
  /** The list with that filter applied. */
  to: string;
  says: (total: number) => string;
  severity: 'warning' | 'error';
  icon?: ReactNode;
}

/**
 * Records waiting for a person (counted by the list's own filter, one row fetched): a banner
 * over the figures, shown only while there are some, with the way to them.
 */
const AttentionNotice = ({ resource, filter, to, says, severity, icon }: AttentionNoticeProps) => {
  const { total } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
  if (!total) return null;
  return (
    <Alert
      severity={severity}
      icon={icon}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" component={Link} to={to}>
          Review {total === 1 ? 'it' : 'them'}
        </Button>
      }
    >
      {says(total)}
    </Alert>
  );
};

/** Orders the server flagged for a person to look at (paid after the slot went to someone else, say), until marked resolved. */
export const FlaggedPaymentsNotice = () => (
  <AttentionNotice
    resource="payments"
    filter={FLAGGED_FILTER}
    to={flaggedPayments}
    severity="warning"
    icon={<FlagIcon />}
    says={(n) => `${n === 1 ? '1 payment is' : `${n} payments are`} flagged for staff.`}
  />
);

/** Messages that failed for good: someone did not get a confirmation or a reset link. */
export const FailedEmailsNotice = () => (
  <AttentionNotice resource="emails" filter={FAILED_FILTER} to={failedEmails} severity="error" says={(n) => `${countOf(n, 'email')} could not be sent.`} />
);
