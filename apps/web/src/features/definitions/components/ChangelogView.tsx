import HistoryIcon from '@mui/icons-material/History';
import { Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

interface Props {
  /** The newest changelog entries, from the changelog feature (DefinitionsPage gives them). */
  latest?: ReactNode;
}

/** The changelog: the newest changes, and every release on the Latest Updates page. */
export function ChangelogView({ latest }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('definitions.changelog.body')}</Typography>
        {latest}
        <Button variant="contained" component={Link} to="/version" startIcon={<HistoryIcon />}>
          {t('definitions.changelog.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
