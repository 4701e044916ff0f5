/** A release of CHANGELOG.md ("## [0.2.0] - 2026-12-01", or "## [Unreleased]"). */
export interface Release {
  version: string;
  /** ISO date, or null for the unreleased changes. */
  date: string | null;
  sections: { kind: string; entries: string[] }[];
}

const RELEASE = /^## \[([^\]]+)\](?:\s*-\s*(\d{4}-\d{2}-\d{2}))?/;
const SECTION = /^### (.+)$/;
const ENTRY = /^[-*] (.*)$/;

/**
 * The releases of a Keep a Changelog file, newest first as written: each with its sections
 * (Added, Changed, Fixed...) and their entries, an entry's wrapped lines joined by a space.
 */
export function parseChangelog(text: string): Release[] {
  const releases: Release[] = [];
  let release: Release | undefined;
  let section: Release['sections'][number] | undefined;
  let entryOpen = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const releaseMatch = RELEASE.exec(line);
    if (releaseMatch) {
      release = { version: releaseMatch[1] as string, date: releaseMatch[2] ?? null, sections: [] };
      releases.push(release);
      section = undefined;
      entryOpen = false;
      continue;
    }
    if (!release) continue;
    const sectionMatch = SECTION.exec(line);
    if (sectionMatch) {
      section = { kind: (sectionMatch[1] as string).trim(), entries: [] };
      release.sections.push(section);
      entryOpen = false;
      continue;
    }
    if (!section) continue;
    const entryMatch = ENTRY.exec(line);
    if (entryMatch) {
      section.entries.push((entryMatch[1] as string).trim());
      entryOpen = true;
    } else if (entryOpen && /^\s+\S/.test(line)) {
      const last = section.entries.length - 1;
      section.entries[last] = `${section.entries[last]} ${line.trim()}`;
    } else {
      entryOpen = false;
    }
  }
  return releases.filter((each) => each.sections.some((part) => part.entries.length > 0));
}

/** An entry's text split into plain runs and `code` runs, for display. */
export function entryRuns(entry: string): { code: boolean; text: string }[] {
  return entry
    .split(/(`[^`]+`)/)
    .filter((run) => run !== '')
    .map((run) =>
      run.startsWith('`') && run.endsWith('`') && run.length > 1
        ? { code: true, text: run.slice(1, -1) }
        : { code: false, text: run },
    );
}
