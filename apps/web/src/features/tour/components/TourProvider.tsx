import { GlobalStyles } from '@mui/material';
import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { tourSeen, type OrganisationSettings } from '@roadcount/domain';
import { useLocation, useNavigate } from 'react-router-dom';
import { useProfile, useUpdateUserPreference } from '@/lib/profile.ts';
import { resolveTarget } from '../resolveTarget.ts';
import { tourPagesFor, tourStepsFor, type TourViewer } from '../tourSteps.ts';

/** The page the running tour is on, kept while the tour moves to the next page. */
const RUNNING_KEY = 'roadcount:tour-page';
/** How long a page may take to draw its first step's element before the tour goes on. */
const PAGE_READY_MS = 5000;

const TourContext = createContext<{ start: () => void }>({ start: () => undefined });

export function useTour() {
  return useContext(TourContext);
}

function readRunning(): number | null {
  const stored = sessionStorage.getItem(RUNNING_KEY);
  return stored === null ? null : Number(stored);
}

/**
 * SPEC sections 2 and 4: the guided tour, page by page (map, sites, files, uploads), shown when
 * the user's show-tour flag is set and the tour has not been seen, or when asked for in Help.
 * Escape closes it and the arrow keys step through it; on close tourShown is stored once and
 * the flag cleared.
 */
export function TourProvider({
  canSendFeedback,
  children,
}: {
  /** Whether the feedback button is there to be shown (not for the demo account). */
  canSendFeedback: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useProfile();
  const updatePreference = useUpdateUserPreference();
  const [pageIndex, setPageIndex] = useState<number | null>(readRunning);
  const active = useRef<Driver | null>(null);
  const continuing = useRef(false);
  const stored = useRef(false);
  /** Closed in this session: the flag, until the profile says seen, does not open it again. */
  const [closed, setClosed] = useState(false);

  const preferences = profile.data?.profile.preferences;
  const role = profile.data?.group;
  const viewer: TourViewer | null = profile.data
    ? {
        role: profile.data.group,
        canSendFeedback,
        // Older organisations' stored preferences may lack the hidden settings.
        mapNotesHidden:
          (profile.data.organisation?.preferences as Partial<OrganisationSettings> | undefined)
            ?.hidden?.mapNotes === true,
      }
    : null;
  const pages = viewer ? tourPagesFor(viewer) : [];

  const setRunning = useCallback((index: number | null) => {
    if (index === null) sessionStorage.removeItem(RUNNING_KEY);
    else sessionStorage.setItem(RUNNING_KEY, String(index));
    setPageIndex(index);
  }, []);

  const close = useCallback(() => {
    setRunning(null);
    setClosed(true);
    if (stored.current) return;
    stored.current = true;
    // Seen in this role: a sign-in in another role starts the tour again (its steps differ).
    if (role) updatePreference.mutate(tourSeen(role));
  }, [setRunning, updatePreference, role]);

  const start = useCallback(() => {
    active.current?.destroy();
    stored.current = false;
    setClosed(false);
    setRunning(0);
    void navigate('/ui/analysis/map');
  }, [navigate, setRunning]);

  // The show-tour flag opens the tour on its first page, while it has not been seen.
  const wanted = preferences?.showTour === true && preferences.tourShown !== true;
  const autoStart = wanted && !closed && pathname === '/ui/analysis/map';
  const runningIndex = pageIndex ?? (autoStart ? 0 : null);
  const page = runningIndex === null ? undefined : pages[runningIndex];
  const onPage = page !== undefined && pathname === page.path;
  const viewerKey = viewer
    ? `${viewer.role}/${viewer.canSendFeedback}/${viewer.mapNotesHidden}`
    : '';

  useEffect(() => {
    if (runningIndex === null || !viewer || !page) return;
    if (!onPage) {
      if (continuing.current) return;
      // Leaving the tour's page for another screen ends the tour (onDestroyed closes it).
      if (active.current) return active.current.destroy();
      // Asked for from another screen: the tour opens its page.
      void navigate(page.path);
      return;
    }
    continuing.current = false;
    const steps = tourStepsFor(page.id, viewer);
    const next = pages[runningIndex + 1];
    let cancelled = false;
    const begin = () => {
      if (cancelled) return;
      const tour = driver({
        showProgress: true,
        allowKeyboardControl: true,
        progressText: t('tour.progress', {
          current: '{{current}}',
          total: '{{total}}',
          page: t(`tour.pages.${page.id}`),
        }),
        nextBtnText: t('tour.next'),
        prevBtnText: t('tour.previous'),
        doneBtnText: next
          ? t('tour.continue', { page: t(`tour.pages.${next.id}`) })
          : t('tour.done'),
        popoverClass: 'roadcount-tour',
        steps: steps.map((step) => ({
          element: () => resolveTarget(step.target, t) as Element,
          popover: {
            title: t(`tour.steps.${step.id}.title`),
            description: t(`tour.steps.${step.id}.text`),
          },
        })),
        onNextClick: (_element, _step, { driver: current }) => {
          if (!current.isLastStep()) return current.moveNext();
          if (next) {
            continuing.current = true;
            setRunning(runningIndex + 1);
            current.destroy();
            void navigate(next.path);
            return;
          }
          current.destroy();
        },
        onDestroyed: () => {
          active.current = null;
          if (!continuing.current) close();
        },
      });
      active.current = tour;
      tour.drive();
    };
    // Wait until the page has drawn what its first step points at.
    const first = steps[0];
    const started = Date.now();
    const poll = window.setInterval(() => {
      if ((first && resolveTarget(first.target, t)) || Date.now() - started > PAGE_READY_MS) {
        window.clearInterval(poll);
        begin();
      }
    }, 150);
    return () => {
      cancelled = true;
      window.clearInterval(poll);
    };
    // The viewer is compared by its key: its object is made anew on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runningIndex, onPage, viewerKey]);

  // A tour still open when the provider goes (sign-out) closes without a trace.
  useEffect(() => () => active.current?.destroy(), []);

  return (
    <TourContext.Provider value={{ start }}>
      <GlobalStyles
        styles={{
          '.driver-popover.roadcount-tour': {
            fontFamily: 'inherit',
            minWidth: 260,
            maxWidth: 360,
          },
          '.roadcount-tour .driver-popover-footer': { flexWrap: 'wrap', gap: 8 },
          '.roadcount-tour .driver-popover-navigation-btns button': { fontFamily: 'inherit' },
        }}
      />
      {children}
    </TourContext.Provider>
  );
}
