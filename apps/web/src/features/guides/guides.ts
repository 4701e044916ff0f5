/**
 * The task guides: Markdown in content/<locale>/<slug>.md (en-GB for a locale that lacks one),
 * each about one screen, with a picture of it taken by e2e/guideShots.ts into public/guides.
 */
export interface Guide {
  slug: string;
  /** The screen the guide is about, opened from the guide. */
  screen: string;
}

export const GUIDES: readonly Guide[] = [
  { slug: 'upload-a-file', screen: '/ui/file-upload' },
  { slug: 'review-data-quality', screen: '/ui/file-management' },
  { slug: 'read-site-speeds', screen: '/ui/analysis/map' },
  { slug: 'build-a-survey', screen: '/ui/surveys' },
  { slug: 'request-a-report', screen: '/ui/insights' },
  { slug: 'import-sites', screen: '/ui/site-list' },
];

const sources = import.meta.glob<string>('./content/*/*.md', {
  query: '?raw',
  import: 'default',
});

/** The guide's Markdown in the locale, or in en-GB where the locale has none. */
export async function loadGuide(slug: string, locale: string): Promise<string> {
  const load = sources[`./content/${locale}/${slug}.md`] ?? sources[`./content/en-GB/${slug}.md`];
  if (!load) throw new Error(`No guide ${slug}`);
  return load();
}

export function guideLocales(slug: string): string[] {
  return Object.keys(sources)
    .filter((path) => path.endsWith(`/${slug}.md`))
    .map((path) => path.split('/')[2] ?? '');
}
