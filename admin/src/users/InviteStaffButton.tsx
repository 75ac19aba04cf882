import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import InviteIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { TEXT_LIMITS } from '@courtside/domain';
import { failure } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { emptyInvite, inviteBody, inviteProblem, type InviteForm } from './invite.ts';
import { staffRoleChoices } from './roles.ts';

/**
 * "Invite staff" (owners only): a name, an email and a role; the API makes the account and emails
 * the invitee a link to set a password. A refusal (the email has an account: 409 EMAIL_TAKEN; a
 * bad field: 400) is shown in the dialog in the server's words, the form kept as typed.
 */
export const InviteStaffButton = () => {
  const allowed = useCan('staff', 'create');
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<InviteForm>(emptyInvite);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const close = () => {
    setOpen(false);
    setForm(emptyInvite());
    setProblem(undefined);
  };
  const edit = (patch: Partial<InviteForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(undefined);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const wrong = inviteProblem(form);
    if (wrong) return setProblem(wrong);
    const body = inviteBody(form);
    setBusy(true);
    try {
      await dataProvider.inviteStaff(body);
      notify(`Invitation sent to ${body.email}`, { type: 'success' });
      close();
      refresh();
    } catch (error) {
      setProblem(failure('The invitation was not sent', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<InviteIcon />} onClick={() => setOpen(true)}>
        Invite staff
      </Button>
      <Dialog open={open} onClose={close} fullScreen={phone} maxWidth="xs" fullWidth aria-labelledby="invite-staff-title">
        <Box component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
          <DialogTitle id="invite-staff-title">Invite staff</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>They get an email with a link to set their password, then sign in here with the role you give them.</DialogContentText>
            <Stack spacing={2}>
              <TextField label="Name" required autoFocus value={form.name} onChange={(e) => edit({ name: e.target.value })} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.personName } }} />
              <TextField label="Email" type="email" required value={form.email} onChange={(e) => edit({ email: e.target.value })} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.email } }} />
              <TextField select label="Role" value={form.role} onChange={(e) => edit({ role: e.target.value })}>
                {staffRoleChoices.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              {problem && (
                <Alert severity="error" role="alert">
                  {problem}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Send invitation
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
};
