import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { FlashProvider } from '@/ui/flash/FlashProvider.tsx';
import { SessionProvider } from '@/lib/session/SessionProvider.tsx';
import { writeTokens } from '@/lib/session/tokenStorage.ts';

/** What the app sent: method, path with query, and the parsed JSON body. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (request: SentRequest) => Response | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs fetch with the handlers, first answer wins; anything unhandled is a 404. */
export function fakeServer(...handlers: Handler[]): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const bodyText = typeof init?.body === 'string' ? init.body : undefined;
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        url: input instanceof Request ? input.url : input.toString(),
        body: bodyText === undefined ? undefined : (JSON.parse(bodyText) as unknown),
      };
      sent.push(request);
      for (const handler of handlers) {
        const response = handler(request);
        if (response) return Promise.resolve(response);
      }
      return Promise.resolve(json({ status: 404, message: 'not stubbed' }, 404));
    }),
  );
  return sent;
}

/** A handler answering one method and path (query ignored unless the path has one). */
export function on(method: string, path: string, answer: (request: SentRequest) => Response) {
  return (request: SentRequest) => {
    const target = path.includes('?') ? request.url : request.url.split('?')[0];
    return request.method === method && target === path ? answer(request) : undefined;
  };
}

export function signInAs(userId: string, group: string): void {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const claims = { user_id: userId, group, exp: Math.floor(Date.now() / 1000) + 600 };
  writeTokens({ access: `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`, refresh: 'r' });
}

export function renderWithApp(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <FlashProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </FlashProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

export const ORGANISATION_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
export const ADMIN_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export function orgAdminProfile() {
  return {
    id: ADMIN_ID,
    userId: ADMIN_ID,
    username: 'admin',
    email: 'admin@county.example',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'org_admin',
    group: 'org_admin',
    organisation_id: ORGANISATION_ID,
    is_active: true,
    is_demo: false,
    last_login: null,
    is_admin: false,
    is_org_admin: true,
    authorised_organisations: [{ id: ORGANISATION_ID, name: 'County Roads' }],
    profile: { username: 'admin', email: 'admin@county.example', preferences: {} },
    organisation: {
      id: ORGANISATION_ID,
      name: 'County Roads',
      max_active_users: 4,
      max_sites: 100,
      preferences: {},
    },
  };
}
