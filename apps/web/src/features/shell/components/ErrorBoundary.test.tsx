import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('chart data is undefined');
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the error page and reports the error to the server', () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('We encountered an error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/',
    );
    const reports = fetchSpy.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = reports.find(([target]) => target === '/api/client-errors') ?? [];
    expect(url).toBe('/api/client-errors');
    expect(JSON.parse(init?.body as string)).toMatchObject({ message: 'chart data is undefined' });
  });
});
