import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { FlashProvider } from '@/ui/flash/FlashProvider.tsx';
import { OfflineNotice } from '@/features/offline/OfflineNotice.tsx';
import { SessionProvider } from '@/lib/session/SessionProvider.tsx';
import { ErrorBoundary } from '@/features/shell/components/ErrorBoundary.tsx';
import { createRouter } from './routes.tsx';
import { theme } from './theme.ts';

/** `global`: elements of every screen that main.tsx adds (the new-version dialog). */
export function App({ global }: { global?: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } }),
  );
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <FlashProvider>
              <RouterProvider router={router} />
              <OfflineNotice />
              {global}
            </FlashProvider>
          </SessionProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
