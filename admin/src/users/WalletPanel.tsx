import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useGetList, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletDto } from '@courtside/contracts';
import { dateTime, failure, money, shortDate } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { httpClient } from '../dataProvider.ts';
import type { CreditPackRecord } from '../credit-packs/types.ts';
import { offerText } from '../credit-packs/pack-form.ts';
import { adjustBody, deskTopUpBody, entryLabel, signedMoney, type DeskPaymentChoice } from './wallet-panel.ts';

const walletUrl = (userId: string, action = '') => `/api/admin/users/${encodeURIComponent(userId)}/wallet${action}`;

/** A dialog's form: its fields, Cancel and the action; a refusal (the server's words) shows above the buttons. */
function ActionDialog({ title, open, busy, problem, submit, onClose, children }: {
  title: string; open: boolean; busy: boolean; problem?: string; submit: string; onClose: () => void; children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {problem && <Alert severity="error" role="alert">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="wallet-dialog" variant="contained" disabled={busy}>{submit}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Staff's hooks to post one of the wallet's actions and refresh the panel with the wallet it answers. */
function useWalletAction(userId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const run = async (action: string, body: unknown, done: string) => {
    setBusy(true);
    try {
      const { json } = await httpClient(walletUrl(userId, action), { method: 'POST', body: JSON.stringify(body) });
      queryClient.setQueryData(['wallet', userId], json as WalletDto);
      notify(done, { type: 'success' });
      setProblem(undefined);
      onDone();
    } catch (error) {
      setProblem(failure('Not saved', error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}

const TopUpDialog = ({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) => {
  const { data: packs = [] } = useGetList<CreditPackRecord>('credit-packs', { filter: { active: true }, sort: { field: 'price', order: 'ASC' }, pagination: { page: 1, perPage: 50 } }, { enabled: open });
  const [packId, setPackId] = useState('');
  const [amount, setAmount] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<DeskPaymentChoice>('cash');
  const { busy, problem, setProblem, run } = useWalletAction(userId, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const made = deskTopUpBody({ packId, amount, paymentMethod });
    if ('problem' in made) return setProblem(made.problem);
    void run('/top-up', made.body, 'Credit added');
  };
  return (
    <ActionDialog title="Top up at the desk" open={open} busy={busy} problem={problem} submit="Take payment and add credit" onClose={onClose}>
      <Box component="form" id="wallet-dialog" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField select label="Credit pack" value={packId} onChange={(e) => setPackId(e.target.value)} helperText="Or leave empty and type an amount">
            <MenuItem value="">No pack</MenuItem>
            {packs.map((p) => (
              <MenuItem key={p.id} value={p.id}>{`${p.name} · ${offerText(p)}`}</MenuItem>
            ))}
          </TextField>
          <TextField label="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={Boolean(packId)} helperText="Credit at face value, no bonus" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <ToggleButtonGroup exclusive value={paymentMethod} onChange={(_, v: DeskPaymentChoice | null) => v && setPaymentMethod(v)} aria-label="Paid by" size="small">
            <ToggleButton value="cash">Cash</ToggleButton>
            <ToggleButton value="card">Card</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Box>
    </ActionDialog>
  );
};

const AdjustDialog = ({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) => {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, problem, setProblem, run } = useWalletAction(userId, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const made = adjustBody({ amount, reason });
    if ('problem' in made) return setProblem(made.problem);
    void run('/adjust', made.body, 'Balance adjusted');
  };
  return (
    <ActionDialog title="Adjust the balance" open={open} busy={busy} problem={problem} submit="Adjust" onClose={onClose}>
      <Box component="form" id="wallet-dialog" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField label="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} helperText="20 adds credit, -20 takes it away (never below zero)" slotProps={{ htmlInput: { inputMode: 'text' } }} />
          <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} helperText="The customer reads it in their wallet" slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </Box>
    </ActionDialog>
  );
};

/** A customer's wallet on their page: the balance, bonus credit that runs out, the entries, and the desk's two actions as the role allows. */
export const WalletPanel = ({ userId }: { userId: string }) => {
  const canTopUp = useCan('users', 'wallet-top-up');
  const canAdjust = useCan('users', 'wallet-adjust');
  const [dialog, setDialog] = useState<'top-up' | 'adjust' | null>(null);
  const { data: wallet, isPending, error } = useQuery({
    queryKey: ['wallet', userId],
    queryFn: async () => (await httpClient(walletUrl(userId))).json as WalletDto,
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">Wallet</Typography>
          <Stack direction="row" spacing={1}>
            {canTopUp && <Button size="small" variant="outlined" onClick={() => setDialog('top-up')}>Top up at the desk</Button>}
            {canAdjust && <Button size="small" onClick={() => setDialog('adjust')}>Adjust</Button>}
          </Stack>
        </Stack>
        {error ? (
          <Alert severity="error">{failure('The wallet could not be loaded', error)}</Alert>
        ) : isPending || !wallet ? (
          <Typography variant="body2" color="text.secondary">Loading…</Typography>
        ) : (
          <>
            <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>{money(wallet.balance)}</Typography>
            {wallet.expiring.map((c) => (
              <Typography key={c.expiresAt} variant="body2" color="warning.main">{`${money(c.amount)} of bonus credit runs out ${shortDate(c.expiresAt.slice(0, 10))}`}</Typography>
            ))}
            {wallet.entries.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>No credit yet</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
                {wallet.entries.map((e) => (
                  <Stack component="li" key={e.id} direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>{entryLabel(e.kind)}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{e.reason}</Typography>
                      <Typography variant="caption" color="text.secondary">{`${dateTime(e.createdAt)}${e.staffName ? ` · ${e.staffName}` : ''}`}</Typography>
                    </Box>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: e.amount < 0 ? 'error.main' : 'success.main' }}>{signedMoney(e.amount, money)}</Typography>
                  </Stack>
                ))}
              </Stack>
            )}
          </>
        )}
      </CardContent>
      {canTopUp && <TopUpDialog key={`top-up-${dialog === 'top-up'}`} userId={userId} open={dialog === 'top-up'} onClose={() => setDialog(null)} />}
      {canAdjust && <AdjustDialog key={`adjust-${dialog === 'adjust'}`} userId={userId} open={dialog === 'adjust'} onClose={() => setDialog(null)} />}
    </Card>
  );
};
