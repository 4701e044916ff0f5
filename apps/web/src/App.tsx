import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { FlashProvider } from './features/flash/FlashProvider.tsx';
import { OfflineNotice } from './features/offline/OfflineNotice.tsx';
import { SessionProvider } from './features/session/SessionProvider.tsx';
import { ErrorBoundary } from './features/shell/components/ErrorBoundary.tsx';
import { createRouter } from './routes.tsx';
import { theme } from './theme.ts';

export function App() {
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
            </FlashProvider>
          </SessionProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
