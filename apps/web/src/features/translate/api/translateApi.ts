import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyTranslationOverrides, type TranslationOverrides } from '@/i18n/i18n.ts';
import { http } from '@/lib/http.ts';

const KEY = ['translations'] as const;

export function useTranslationOverrides() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => http.get('/api/translations'),
  });
}

/** Stores one key's text (empty restores the bundled one) and shows it in the app at once. */
export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, key, text }: { locale: string; key: string; text: string }) =>
      http.put('/api/translations/{locale}', { key, text }, { path: { locale } }),
    onSuccess: (overrides) => {
      applyTranslationOverrides(overrides, queryClient.getQueryData<TranslationOverrides>(KEY));
      queryClient.setQueryData(KEY, overrides);
    },
  });
}
