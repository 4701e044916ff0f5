import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { FlashProvider } from './FlashProvider.tsx';
import { useFlash } from './useFlash.ts';

function Announcer({ messages }: { messages: (string | { message: string; topic: string })[] }) {
  const flash = useFlash();
  useEffect(() => {
    for (const message of messages) flash(typeof message === 'string' ? { message } : message);
  }, [flash, messages]);
  return null;
}

describe('flash messages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows queued messages one at a time, each closing after 5 seconds', async () => {
    render(
      <FlashProvider>
        <Announcer messages={['File uploaded', 'Site saved']} />
      </FlashProvider>,
    );
    expect(screen.getByText('File uploaded')).toBeTruthy();
    expect(screen.queryByText('Site saved')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(screen.getByText('File uploaded')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('File uploaded')).toBeNull();
    expect(screen.getByText('Site saved')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(screen.queryByText('Site saved')).toBeNull();
  });

  it('puts news of a topic in the place of older news of it, shown at once for its full time', async () => {
    const first = [{ message: 'Your report is queued', topic: 'report:1' }, 'Site saved'];
    const later = [{ message: 'Your report is ready', topic: 'report:1' }];
    const { rerender } = render(
      <FlashProvider>
        <Announcer messages={first} />
      </FlashProvider>,
    );
    expect(screen.getByText('Your report is queued')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // The report is ready a second later: that news is shown now, not after the queued one.
    rerender(
      <FlashProvider>
        <Announcer messages={first} />
        <Announcer messages={later} />
      </FlashProvider>,
    );
    expect(screen.queryByText('Your report is queued')).toBeNull();
    expect(screen.getByText('Your report is ready')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(screen.getByText('Your report is ready')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1400);
    });
    expect(screen.queryByText('Your report is ready')).toBeNull();
    expect(screen.getByText('Site saved')).toBeTruthy();
  });
});
