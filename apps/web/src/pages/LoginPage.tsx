import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { RequestError, http } from '@/lib/http.ts';
import { useSession } from '@/lib/session/useSession.ts';

type Status = { kind: 'idle' } | { kind: 'requesting' } | { kind: 'error'; message: string };

const LANDING = '/ui/analysis/map';

function safeDestination(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/ui') ? from : LANDING;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { claims, signIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const destination = safeDestination((location.state as { from?: unknown } | null)?.from);

  if (claims) return <Navigate to={destination} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus({ kind: 'requesting' });
    try {
      const tokens = await http.post('/core/api/auth/token/obtain/', {
        username,
        password,
      });
      signIn(tokens);
      void navigate(destination, { replace: true });
    } catch (error) {
      setStatus({
        kind: 'error',
        message: error instanceof RequestError ? error.message : String(error),
      });
    }
  };

  const requesting = status.kind === 'requesting';
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 4,
        alignItems: 'center',
      }}
    >
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Typography variant="h1" component="p" sx={{ color: 'primary.main', mb: 2 }}>
          {t('login.tagline')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ pl: 2.5, m: 0, color: 'text.secondary' }}>
          <Typography component="li">{t('login.pointUpload')}</Typography>
          <Typography component="li">{t('login.pointQuality')}</Typography>
          <Typography component="li">{t('login.pointAnalyse')}</Typography>
        </Stack>
      </Box>
      <Paper
        component="form"
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440, justifySelf: 'center' }}
      >
        <Stack spacing={2.5}>
          <Typography variant="h1">{t('login.title')}</Typography>
          <TextField
            label={t('login.username')}
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoFocus
            fullWidth
          />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            fullWidth
          />
          {status.kind === 'error' && <Alert severity="error">{status.message}</Alert>}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!username || !password || requesting}
          >
            {requesting ? t('login.loggingIn') : t('auth.signIn')}
          </Button>
          <Link
            href="/auth/password/"
            target="_blank"
            rel="noopener"
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            {t('login.lostPassword')}
          </Link>
        </Stack>
      </Paper>
    </Box>
  );
}
