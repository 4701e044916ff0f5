import { Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import changelogText from '../../../../CHANGELOG.md?raw';
import { parseChangelog } from '@/features/changelog/changelog.ts';
import { ChangelogSections } from '@/features/changelog/components/ChangelogSections.tsx';

// Read at build time from the project's CHANGELOG.md, which every user-visible change keeps.
const RELEASES = parseChangelog(changelogText);

/** 'Latest Updates' from the footer: what each release changed, from CHANGELOG.md. */
export function VersionPage() {
  const { t, i18n } = useTranslation();
  const dateOf = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  return (
    <Paper component="article" sx={{ p: { xs: 2, sm: 5 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">{t('version.title')}</Typography>
        <Typography color="text.secondary">{t('version.intro')}</Typography>
        {RELEASES.map((release) => (
          <section key={release.version} aria-label={release.version}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip
                label={release.date ? release.version : t('version.unreleased')}
                color={release.date ? 'primary' : 'default'}
                size="small"
              />
              {release.date && (
                <Typography variant="body2" color="text.secondary">
                  {dateOf(release.date)}
                </Typography>
              )}
            </Stack>
            <ChangelogSections sections={release.sections} heading="h2" />
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
