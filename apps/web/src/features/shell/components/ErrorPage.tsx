import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** SPEC section 8: the error dialog shown when rendering fails. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper role="alert" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="overline" color="error">
            {t('errors.overlay')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ErrorOutlineIcon color="error" />
            <Typography variant="h1">{t('errors.title')}</Typography>
          </Stack>
          <Typography>{t('errors.contactSupport')}</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </Button>
            <Link href="/">{t('errors.backToDashboard')}</Link>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
