import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useLogin } from 'react-admin';
import { Logo } from './Logo.tsx';
import { SignInField } from './SignInField.tsx';
import { loadConsole } from './LazyConsole.tsx';
import { brand } from '../theme.ts';

/** Sign-in with the same account as the public site (email and password). */
export const LoginPage = () => {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    void loadConsole().catch(() => undefined); // if it fails, the console asks again when it renders
    try {
      await login({ email, password });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: `linear-gradient(160deg, ${brand.dark} 0%, ${brand.main} 55%, #2f8a57 100%)` }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={8} variant="elevation">
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2.5} component="form" onSubmit={submit} noValidate>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Logo size={36} />
              <Box>
                <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }}>
                  Courtside back office
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Staff sign-in
                </Typography>
              </Box>
            </Stack>
            {error && <Alert severity="error">{error}</Alert>}
            <SignInField label="Email" type="email" name="email" autoComplete="username" autoFocus value={email} onChange={setEmail} />
            <SignInField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
            <Button type="submit" variant="contained" size="large" disabled={busy || !email || !password} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
              Sign in
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              <Link href="/">Back to the Courtside site</Link>
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
