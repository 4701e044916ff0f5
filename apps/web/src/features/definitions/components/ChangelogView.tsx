import HistoryIcon from '@mui/icons-material/History';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The changelog: what each release changed, kept in the project's CHANGELOG.md. */
export function ChangelogView() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('definitions.changelog.body')}</Typography>
        <Button variant="contained" component={Link} to="/version" startIcon={<HistoryIcon />}>
          {t('definitions.changelog.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
