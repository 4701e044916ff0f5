import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { FlashProvider } from './FlashProvider.tsx';
import { useFlash } from './useFlash.ts';

function Announcer({ messages }: { messages: string[] }) {
  const flash = useFlash();
  useEffect(() => {
    for (const message of messages) flash({ message });
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
});
