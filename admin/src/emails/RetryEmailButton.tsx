import { useState } from 'react';
import { Button } from '@mui/material';
import RetryIcon from '@mui/icons-material/ReplayOutlined';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { isRetryable, type EmailRecord } from './types.ts';

/**
 * Puts a failed message back in the outbox, due now; the sender picks it up on its next round.
 * No confirmation: it only sends what failed to go, once more.
 */
export const RetryEmailButton = () => {
  const record = useRecordContext<EmailRecord>();
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const allowed = useCan('emails', 'edit');
  if (!allowed || !record || !isRetryable(record)) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.retryEmail(String(record.id));
      notify('Email queued again: it goes out on the next round.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failure('Could not retry the email', error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="small" startIcon={<RetryIcon />} disabled={busy} onClick={retry}>
      Retry
    </Button>
  );
};
