import { Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Release {
  version: string;
  date: string;
  changes: string[];
}

/** 'Latest Updates' from the footer: what each release changed. */
export function VersionPage() {
  const { t } = useTranslation();
  const releases = t('version.releases', { returnObjects: true }) as Release[];
  return (
    <Paper component="article" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">{t('version.title')}</Typography>
        {releases.map((release) => (
          <section key={release.version}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip label={release.version} color="primary" size="small" />
              <Typography variant="body2" color="text.secondary">
                {release.date}
              </Typography>
            </Stack>
            <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, m: 0 }}>
              {release.changes.map((change) => (
                <Typography component="li" key={change}>
                  {change}
                </Typography>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
