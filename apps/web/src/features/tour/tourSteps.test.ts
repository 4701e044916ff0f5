import { describe, expect, it } from 'vitest';
import enGB from '@/i18n/locales/en-GB.json';
import { TOUR_PAGES, tourPagesFor, tourStepsFor, type TourViewer } from './tourSteps.ts';

const viewer = (overrides: Partial<TourViewer>): TourViewer => ({
  role: 'org_user',
  canSendFeedback: true,
  mapNotesHidden: false,
  ...overrides,
});
const ids = (page: (typeof TOUR_PAGES)[number]['id'], who: TourViewer) =>
  tourStepsFor(page, who).map((step) => step.id);

describe('tour steps', () => {
  it('runs map, sites, files, uploads for organisation admins; uploads are not for viewers', () => {
    expect(tourPagesFor(viewer({ role: 'org_admin' })).map((page) => page.id)).toEqual([
      'map',
      'sites',
      'files',
      'uploads',
    ]);
    expect(tourPagesFor(viewer({ role: 'org_user' })).map((page) => page.id)).toEqual([
      'map',
      'sites',
      'files',
    ]);
  });

  it('adds the sites, files and upload menu items and map notes for admins only', () => {
    const admin = ids('map', viewer({ role: 'org_admin' }));
    const user = ids('map', viewer({ role: 'org_user' }));
    expect(admin.slice(0, 7)).toEqual([
      'feedback',
      'menu',
      'mapMenu',
      'guides',
      'sitesMenu',
      'filesMenu',
      'uploadMenu',
    ]);
    expect(user.slice(0, 4)).toEqual(['feedback', 'menu', 'mapMenu', 'guides']);
    expect(user).not.toContain('sitesMenu');
    expect(admin).toContain('mapNotes');
    expect(user).not.toContain('mapNotes');
    expect(ids('map', viewer({ role: 'admin', mapNotesHidden: true }))).not.toContain('mapNotes');
    // 7 initial + speed, class, volume, comparison, notes, shared data, calendar, CSV = 15.
    expect(admin).toHaveLength(15);
    // 4 initial + the same map steps without notes = 11.
    expect(user).toHaveLength(11);
  });

  it('leaves the feedback step out where there is no feedback button (the demo account)', () => {
    expect(ids('map', viewer({ canSendFeedback: false }))[0]).toBe('menu');
  });

  it('has a title and a text in en-GB for every step', () => {
    const steps = (enGB as unknown as { tour: { steps: Record<string, Record<string, string>> } })
      .tour.steps;
    const everyone = [viewer({ role: 'admin' }), viewer({ role: 'org_user' })];
    const missing = TOUR_PAGES.flatMap((page) =>
      everyone.flatMap((who) => ids(page.id, who)),
    ).filter((id) => !steps[id]?.title || !steps[id]?.text);
    expect(missing).toEqual([]);
  });
});
