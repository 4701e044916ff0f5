import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RequireRole } from './RequireRole.tsx';
import { SessionProvider } from '@/lib/session/SessionProvider.tsx';
import { writeTokens } from '@/lib/session/tokenStorage.ts';

function tokenFor(group: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ user_id: 'u1', group, exp: Date.now() / 1000 + 600 })}.signature`;
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth/login" element={<LoginProbe />} />
            <Route path="/ui/analysis/map" element={<p>map page</p>} />
            <Route
              path="/ui/users"
              element={
                <RequireRole roles={['org_admin', 'admin']}>
                  <p>users page</p>
                </RequireRole>
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('RequireRole', () => {
  it('sends a visitor without a session to sign in, keeping the page they came from', () => {
    renderAt('/ui/users?tab=2');
    expect(screen.getByText('login page, from /ui/users?tab=2')).toBeTruthy();
  });

  it('sends a signed-in user whose group is not permitted to the map', () => {
    writeTokens({ access: tokenFor('org_user'), refresh: 'r' });
    renderAt('/ui/users');
    expect(screen.getByText('map page')).toBeTruthy();
  });

  it('shows the page to a permitted group', () => {
    writeTokens({ access: tokenFor('org_admin'), refresh: 'r' });
    renderAt('/ui/users');
    expect(screen.getByText('users page')).toBeTruthy();
  });
});
