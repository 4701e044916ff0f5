import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" component="p" sx={{ fontSize: '4rem', color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h2" component="h1">
          {t('notFound.title')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
