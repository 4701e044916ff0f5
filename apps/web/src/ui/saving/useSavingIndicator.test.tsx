import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavingIndicator } from './SavingIndicator.tsx';
import { useSavingIndicator } from './useSavingIndicator.ts';

interface PendingRequest {
  resolve: () => void;
  reject: (error: Error) => void;
}

let requests: PendingRequest[] = [];

function startRequest(): Promise<void> {
  return new Promise<void>((resolve, reject) => requests.push({ resolve, reject }));
}

function SaveHarness() {
  const { state, track } = useSavingIndicator();
  return (
    <>
      <button onClick={() => void track(startRequest()).catch(() => undefined)}>Save</button>
      <SavingIndicator state={state} />
    </>
  );
}

function request(index: number): PendingRequest {
  const pending = requests[index];
  if (!pending) throw new Error(`no request ${index}`);
  return pending;
}

async function settle(action: () => void) {
  await act(async () => {
    action();
    await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const status = () => screen.getByRole('status').textContent;

describe('saving indicator', () => {
  beforeEach(() => {
    requests = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows Saving… while pending, Saved 600 ms after it finishes, and clears 500 ms later', async () => {
    render(<SaveHarness />);
    expect(status()).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(status()).toBe('Saving…');

    await advance(5000);
    expect(status()).toBe('Saving…');

    await settle(() => request(0).resolve());
    await advance(599);
    expect(status()).toBe('Saving…');
    await advance(1);
    expect(status()).toBe('Saved');

    await advance(499);
    expect(status()).toBe('Saved');
    await advance(1);
    expect(status()).toBe('');
  });

  it('stays Saving… until the last of several requests finishes', async () => {
    render(<SaveHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await settle(() => request(0).resolve());
    await advance(2000);
    expect(status()).toBe('Saving…');

    await settle(() => request(1).resolve());
    await advance(600);
    expect(status()).toBe('Saved');
  });

  it('goes back to Saving… when a request starts while Saved is shown', async () => {
    render(<SaveHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle(() => request(0).resolve());
    await advance(600);
    expect(status()).toBe('Saved');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(status()).toBe('Saving…');
    await advance(1000);
    expect(status()).toBe('Saving…');

    await settle(() => request(1).resolve());
    await advance(600);
    expect(status()).toBe('Saved');
  });

  it('clears without Saved when a request fails', async () => {
    render(<SaveHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle(() => request(0).reject(new Error('offline')));
    expect(status()).toBe('');
    await advance(1000);
    expect(status()).toBe('');
  });
});
