import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { entryRuns, type Release } from '../changelog.ts';

const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

interface Props {
  sections: Release['sections'];
  /** The heading level of each section's name, under the page's own headings. */
  heading: 'h2' | 'h3';
}

/** A release's sections (Added, Fixed…) and their entries, `code` spans kept as code. */
export function ChangelogSections({ sections, heading }: Props) {
  const { t } = useTranslation();
  return sections.map((section) => (
    <Box key={section.kind} sx={{ mb: 1.5 }}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
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
  ));
}
