import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '@/lib/http.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';
import { postMultipart } from './filesApi.ts';
import type { ResponseBody } from '@/lib/openapi.ts';

export type StoredImage = ResponseBody<'/api/images', 'get'>['images'][number];

export function useImages() {
  return useQuery({
    queryKey: ['images'],
    queryFn: async () => (await http.get('/api/images')).images,
  });
}

export function useUploadImages(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) =>
      postMultipart<{ images: StoredImage[] }>('/api/images', files, {}, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['images'] }),
  });
}

/** An object URL of the image, fetched with the bearer token; revoked when no longer shown. */
export function useImageUrl(id: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const access = readTokens()?.access;
    fetch(`/api/images/${id}`, { headers: access ? { authorization: `Bearer ${access}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url;
}
