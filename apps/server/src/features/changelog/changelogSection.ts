import { createHash } from 'node:crypto';

export interface ChangelogSection {
  /** The release heading without its hashes: "[Unreleased]" or "[0.2.0] - 2026-12-01". */
  heading: string;
  /** The release's text, its ### parts and entries as written. */
  body: string;
  hash: string;
}

/** The newest release of a Keep a Changelog file: the text under its first "## " heading. */
export function latestChangelogSection(markdown: string): ChangelogSection | null {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('## '));
  if (start < 0) return null;
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const heading = (lines[start] as string).slice(3).trim();
  const body = lines
    .slice(start + 1, next < 0 ? undefined : next)
    .join('\n')
    .trim();
  if (!body) return null;
  return { heading, body, hash: sectionHash(heading, body) };
}

/** What names a section's sending: the same text is mailed to each user once. */
export function sectionHash(heading: string, body: string): string {
  return createHash('sha256').update(`${heading}\n${body}`).digest('hex').slice(0, 32);
}
