import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isLocale } from '@roadcount/domain';
import { changeLocale } from '@/i18n/i18n.ts';
import { http } from '@/lib/http.ts';
import { track } from '@/lib/track.ts';
import { useTaskCompletionRefresh } from '@/lib/tasks/useTaskCompletionRefresh.ts';
import { useSession } from '@/lib/session/useSession.ts';

/**
 * What the signed-in area does once per page: apply the user's stored language when the
 * session starts, record each page view with the user and organisation, and refresh what the
 * screen shows when a task of the organisation ends.
 */
export function SessionEffects() {
  const { claims } = useSession();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const userId = claims?.user_id;
  const profile = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => http.get('/core/api/config/users/{id}', { path: { id: userId ?? '' } }),
    enabled: userId !== undefined,
  });
  const loaded = profile.isSuccess;
  const organisationId = profile.data?.organisation?.id ?? null;
  const storedLocale = profile.data?.profile.preferences.locale;

  useEffect(() => {
    if (isLocale(storedLocale) && storedLocale !== i18n.language) void changeLocale(storedLocale);
    // Only when the stored preference arrives, not whenever the language changes on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedLocale]);

  useTaskCompletionRefresh(userId !== undefined);

  useEffect(() => {
    if (userId && loaded) track(userId, organisationId, pathname);
  }, [userId, organisationId, loaded, pathname]);
  return null;
}
