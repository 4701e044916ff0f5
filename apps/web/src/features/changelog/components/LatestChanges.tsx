import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import changelogText from '../../../../../../CHANGELOG.md?raw';
import { entryRuns, parseChangelog } from '../changelog.ts';

// Read at build time from the project's CHANGELOG.md, newest release first.
const [LATEST] = parseChangelog(changelogText);
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

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
      {sections.map((section) => (
        <Box key={section.kind}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {KINDS.includes(section.kind) ? t(`version.kinds.${section.kind}`) : section.kind}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, m: 0 }}>
            {section.entries.map((entry) => (
              <Typography component="li" key={entry} sx={{ overflowWrap: 'anywhere' }}>
                {entryRuns(entry).map((run, index) =>
                  run.code ? (
                    <Box
                      component="code"
                      key={index}
                      sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}
                    >
                      {run.text}
                    </Box>
                  ) : (
                    run.text
                  ),
                )}
              </Typography>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
