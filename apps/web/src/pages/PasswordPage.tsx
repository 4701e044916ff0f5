import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_LENGTH } from '@roadcount/domain';
import { RequestError, http } from '@/lib/http.ts';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

function errorText(error: unknown): string {
  return error instanceof RequestError ? error.message : String(error);
}

/** SPEC section 2: with a token the new-password form, without one the reset request. */
export function PasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [value, setValue] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      if (token) {
        await http.post('/core/api/config/password/reset/confirm/', { password: value, token });
      } else {
        await http.post('/core/api/config/password/reset/email/', { email: value });
      }
      setStatus({ kind: 'done' });
    } catch (error) {
      setStatus({ kind: 'error', message: errorText(error) });
    }
  };

  const valid = token
    ? value.length >= PASSWORD_LENGTH.min && value.length <= PASSWORD_LENGTH.max
    : value.trim() !== '';
  return (
    <Paper
      component="form"
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 3, sm: 4 }, maxWidth: 480, mx: 'auto' }}
    >
      <Stack spacing={2.5}>
        <Typography variant="h1">
          {token ? t('password.newTitle') : t('password.requestTitle')}
        </Typography>
        {status.kind === 'done' ? (
          <>
            <Alert severity="success">
              {token ? t('password.resetDone') : t('password.emailSent')}
            </Alert>
            <Button component={RouterLink} to="/auth/login" variant="contained">
              {t('password.login')}
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary">
              {token
                ? t('password.newHelp', { min: PASSWORD_LENGTH.min })
                : t('password.requestHelp')}
            </Typography>
            <TextField
              label={token ? t('password.newPassword') : t('password.email')}
              type={token ? 'password' : 'email'}
              autoComplete={token ? 'new-password' : 'email'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              fullWidth
            />
            {status.kind === 'error' && <Alert severity="error">{status.message}</Alert>}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!valid || status.kind === 'sending'}
            >
              {status.kind === 'sending'
                ? t('password.sending')
                : token
                  ? t('password.setPassword')
                  : t('password.sendLink')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
