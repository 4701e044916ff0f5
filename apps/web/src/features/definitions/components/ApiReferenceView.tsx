import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';
import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { readTokens } from '@/lib/session/tokenStorage.ts';

/** The REST API's OpenAPI document rendered by Scalar, served with the app (no CDN). */
export function ApiReferenceView() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const reference = createApiReference(element, {
      url: '/core/api/openapi.json',
      // Fonts and proxies of Scalar's own servers stay off: everything comes from this server.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      showSidebar: true,
      documentDownloadType: 'json',
      authentication: {
        preferredSecurityScheme: 'bearer',
        securitySchemes: { bearer: { token: readTokens()?.access ?? '' } },
      },
    });
    return () => reference.destroy();
  }, []);
  return <Box ref={container} data-testid="api-reference" sx={{ minHeight: 600 }} />;
}
