import {
  isLocale,
  serverMessage,
  translationOverrideSchema,
  translationOverridesAnswer,
} from '@roadcount/domain';
import { authorize } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import type { TranslationsRepository } from './translations.repository.ts';

/**
 * Translate (SPEC section 2): texts staff change are stored as overrides and served to the web
 * app, which lays them over its bundled catalogues at start, so no rebuild is needed.
 */
export function registerTranslationRoutes(router: Router, repository: TranslationsRepository) {
  const overrides = async () => {
    const byLocale: Record<string, Record<string, string>> = {};
    for (const row of await repository.all()) {
      (byLocale[row.locale] ??= {})[row.key] = row.text;
    }
    return byLocale;
  };

  router.define({
    method: 'get',
    path: '/api/translations',
    summary: 'The interface texts changed on the Translate screen, by locale and key',
    tag: 'translations',
    // The sign-in page is translated too, before anyone signs in.
    auth: false,
    permission: 'public',
    responses: { 200: 'overrides by locale, then dotted key' },
    answer: translationOverridesAnswer,
    handler: ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return overrides();
    },
  });

  router.define({
    method: 'put',
    path: '/api/translations/:locale',
    summary: "Change one key's text in a locale (staff); an empty text restores the bundled one",
    tag: 'translations',
    auth: true,
    permission: 'translations.manage',
    auditAction: 'update_translation',
    body: translationOverrideSchema,
    responses: { 200: 'every override', 400: 'unknown locale or key', 403: 'not platform staff' },
    answer: translationOverridesAnswer,
    handler: async ({ viewer, params, body }) => {
      authorize(viewer, 'translations.manage');
      const locale = params.locale ?? '';
      if (!isLocale(locale))
        throw new HttpError(400, serverMessage('translationLocale', { locale }));
      if (body.text === '') await repository.remove(locale, body.key);
      else await repository.put(locale, body.key, body.text, viewer.userId);
      return overrides();
    },
  });
}
