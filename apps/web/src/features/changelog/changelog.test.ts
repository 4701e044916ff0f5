import { describe, expect, it } from 'vitest';
import { entryRuns, parseChangelog } from './changelog.ts';

const TEXT = `# Changelog

Intro text that is not a release.

## [Unreleased]

### Added
- Reports on the Insights screen, with a
  progress bar that moves.
- \`npm run worker\` starts only the queue.

### Fixed
- Duplicates add no row.

## [0.1.0] - 2026-11-24

### Added
- First release.

## [0.0.1] - 2026-01-01
`;

describe('the changelog', () => {
  it('reads releases, their sections and entries, joining wrapped lines', () => {
    expect(parseChangelog(TEXT)).toEqual([
      {
        version: 'Unreleased',
        date: null,
        sections: [
          {
            kind: 'Added',
            entries: [
              'Reports on the Insights screen, with a progress bar that moves.',
              '`npm run worker` starts only the queue.',
            ],
          },
          { kind: 'Fixed', entries: ['Duplicates add no row.'] },
        ],
      },
      {
        version: '0.1.0',
        date: '2026-11-24',
        sections: [{ kind: 'Added', entries: ['First release.'] }],
      },
    ]);
  });

  it('splits an entry into plain and code runs', () => {
    expect(entryRuns('`npm run worker` starts `only` it')).toEqual([
      { code: true, text: 'npm run worker' },
      { code: false, text: ' starts ' },
      { code: true, text: 'only' },
      { code: false, text: ' it' },
    ]);
  });
});
