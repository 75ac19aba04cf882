import { useEffect, useState } from 'react';
import type { CalendarLinkDto } from '@courtside/contracts';
import { customerReason } from '@courtside/browser';
import { isAbort } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-dialog.ts';
import { showToast } from '../../lib/toast.ts';
import { RENEW_WARNING, fetchCalendarLink, renewCalendarLink } from './calendar-link.ts';

type LinkState = { phase: 'loading' } | { phase: 'ready'; link: CalendarLinkDto } | { phase: 'error'; message: string };

/** How long "Copied" shows on the button. */
const COPIED_MS = 2000;

/** The calendar feed's link: loading it, copying it, and making a new one after a warning. */
export function useCalendarLink() {
  const [state, setState] = useState<LinkState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [renewing, setRenewing] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchCalendarLink(ctrl.signal).then(
      (link) => setState({ phase: 'ready', link }),
      (err: unknown) => {
        if (!isAbort(err)) setState({ phase: 'error', message: customerReason(err) ?? 'Could not load your calendar link.' });
      },
    );
    return () => ctrl.abort();
  }, [attempt]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(text: string, field: HTMLInputElement | null) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (permission, old browser): leave the link selected to copy by hand.
      field?.select();
      showToast('Press Ctrl+C (or ⌘C) to copy the selected link.', 'info');
    }
  }

  async function renew() {
    const sure = await confirmDialog({ title: 'Make a new calendar link?', message: RENEW_WARNING, confirmLabel: 'Make a new link', cancelLabel: 'Keep this link', danger: true });
    if (!sure) return;
    setRenewing(true);
    try {
      setState({ phase: 'ready', link: await renewCalendarLink() });
      setCopied(false);
      showToast('New link made. The old one no longer works.', 'success');
    } catch (err) {
      showToast(customerReason(err) ?? 'Could not make a new link.', 'error');
    } finally {
      setRenewing(false);
    }
  }

  const retry = () => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };

  return { state, renewing, copied, copy, renew, retry };
}
