import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import changelogText from '../../../../../../CHANGELOG.md?raw';
import { parseChangelog } from '../changelog.ts';
import { ChangelogSections } from './ChangelogSections.tsx';

// Read at build time from the project's CHANGELOG.md, newest release first.
const [LATEST] = parseChangelog(changelogText);

interface Props {
  /** How many of the newest entries to show, in the order CHANGELOG.md keeps them. */
  entries: number;
}

/** The newest entries of the latest release (issue 37: the Definitions changelog tab). */
export function LatestChanges({ entries }: Props) {
  const { t } = useTranslation();
  if (!LATEST) return null;
  // The first `entries` entries in the file's order, grouped again by their section.
  const newest = LATEST.sections
    .flatMap((section) => section.entries.map((entry) => ({ kind: section.kind, entry })))
    .slice(0, entries);
  const sections = LATEST.sections
    .map((section) => ({
      kind: section.kind,
      entries: newest.filter((item) => item.kind === section.kind).map((item) => item.entry),
    }))
    .filter((section) => section.entries.length > 0);
  return (
    <Stack spacing={1.5} component="section" aria-label={t('definitions.changelog.latest')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h3" component="h2">
          {t('definitions.changelog.latest')}
        </Typography>
        <Chip
          size="small"
          label={LATEST.date ? LATEST.version : t('version.unreleased')}
          color={LATEST.date ? 'primary' : 'default'}
        />
      </Stack>
      <ChangelogSections sections={sections} heading="h3" />
    </Stack>
  );
}
