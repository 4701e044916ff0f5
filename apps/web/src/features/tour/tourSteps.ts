import { PERMISSIONS, type Role } from '@roadcount/domain';

/** SPEC section 2: the tour runs page by page in this order. */
export const TOUR_PAGES = [
  { id: 'map', path: '/ui/analysis/map' },
  { id: 'sites', path: '/ui/site-list' },
  { id: 'files', path: '/ui/file-management' },
  { id: 'uploads', path: '/ui/file-upload' },
] as const;
export type TourPageId = (typeof TOUR_PAGES)[number]['id'];

/**
 * Where a step points: a CSS selector, or the first element of a kind whose text or label is an
 * i18n key's text (`prefix` when the label continues with a name).
 */
export type TourTarget =
  { css: string } | { label: string; prefix?: true } | { text: string; within: string };

export interface TourStep {
  /** i18n: tour.steps.<id>.title and .text */
  id: string;
  target: TourTarget;
}

export interface TourViewer {
  role: Role;
  /** The demo account has no feedback button. */
  canSendFeedback: boolean;
  /** SPEC: map notes are hidden when the organisation's preferences say so. */
  mapNotesHidden: boolean;
}

const ADMINS: readonly Role[] = ['admin', 'org_admin'];
const UPLOADERS: readonly Role[] = PERMISSIONS['files.upload'];

/** The pages of the tour this viewer can open: uploads only for those who may upload. */
export function tourPagesFor(viewer: TourViewer) {
  return TOUR_PAGES.filter((page) => page.id !== 'uploads' || UPLOADERS.includes(viewer.role));
}

/** SPEC section 2: the steps of one page, the initial ones before the map's. */
export function tourStepsFor(page: TourPageId, viewer: TourViewer): TourStep[] {
  const admin = ADMINS.includes(viewer.role);
  switch (page) {
    case 'map':
      return [
        ...(viewer.canSendFeedback
          ? [{ id: 'feedback', target: { css: '[data-tour="feedback"]' } }]
          : []),
        { id: 'menu', target: { css: '[data-tour="menu"]' } },
        { id: 'mapMenu', target: { css: 'nav a[href="/ui/analysis/map"]' } },
        { id: 'guides', target: { css: 'nav a[href="/ui/guides"]' } },
        ...(admin
          ? [
              { id: 'sitesMenu', target: { css: 'nav a[href="/ui/site-list"]' } },
              { id: 'filesMenu', target: { css: 'nav a[href="/ui/file-management"]' } },
              { id: 'uploadMenu', target: { css: 'a[href="/ui/file-upload"]' } },
            ]
          : []),
        { id: 'speedLayer', target: { label: 'map.controls.layer' } },
        { id: 'classLayer', target: { label: 'map.controls.layer' } },
        { id: 'volumeLayer', target: { label: 'map.controls.layer' } },
        { id: 'comparison', target: { label: 'map.controls.selectionMode' } },
        ...(admin && !viewer.mapNotesHidden
          ? [{ id: 'mapNotes', target: { text: 'mapNotes.add', within: 'button' } }]
          : []),
        { id: 'sharedData', target: { label: 'map.sites.list' } },
        { id: 'calendar', target: { label: 'map.controls.from' } },
        { id: 'summaryCsv', target: { text: 'map.csv.download', within: 'button' } },
      ];
    case 'sites':
      return [
        { id: 'sitesTable', target: { label: 'sites.title' } },
        { id: 'sitesEdit', target: { label: 'sites.edit.named', prefix: true } },
        { id: 'sitesMerge', target: { text: 'siteMerge.open', within: 'button' } },
        { id: 'sitesList', target: { text: 'siteLists.download', within: 'button' } },
      ];
    case 'files':
      return [
        { id: 'filesTable', target: { css: '[data-tour="files-table"]' } },
        { id: 'filesQuality', target: { css: '[data-tour="files-quality"]' } },
        { id: 'filesDownload', target: { css: '[data-tour="files-download"]' } },
      ];
    case 'uploads':
      return [
        { id: 'uploadBox', target: { css: '[data-tour="upload-box"]' } },
        { id: 'uploadQueue', target: { css: '[data-tour="upload-queue"]' } },
      ];
    default: {
      const unknown: never = page;
      throw new Error(`no tour page ${String(unknown)}`);
    }
  }
}
