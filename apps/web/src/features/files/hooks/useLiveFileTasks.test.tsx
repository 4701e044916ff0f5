import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, on, signInAs, ADMIN_ID } from '@/test/fakeServer.tsx';
import type { TaskEvent } from '@/lib/tasks/taskSubscription.ts';
import { FOLLOW_CHECK_MS, useLiveFileTasks } from './useLiveFileTasks.ts';

// The socket is left out: it sends what a test pushes, and says when it (re)connects.
const socket = vi.hoisted(() => {
  const initial: { send: (event: TaskEvent) => void; connected: () => void } = {
    send: () => undefined,
    connected: () => undefined,
  };
  return initial;
});
vi.mock('@/lib/tasks/liveTasks.ts', () => ({
  listenToTasks: (listener: (event: TaskEvent) => void, onConnected?: () => void) => {
    socket.send = listener;
    socket.connected = onConnected ?? (() => undefined);
    return () => undefined;
  },
}));

const TASK = 'b1c2d3e4-0000-4000-8000-000000000001';
const FILE = 'f1c2d3e4-0000-4000-8000-000000000001';

function task(state: TaskEvent['state'], updatedAt: string): TaskEvent {
  return {
    id: TASK,
    function_name: 'process_file',
    state,
    message: '',
    updated_at: updatedAt,
    file_id: FILE,
  };
}

/** A server whose task is in the state `current.state`; answers the ids it is asked for. */
function serveTasks(current: { state: TaskEvent | null }) {
  const asked: string[][] = [];
  fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { variables } = request.body as { variables: { ids: string[] } };
      asked.push(variables.ids);
      return json({
        data: {
          task_tracking: current.state && variables.ids.includes(TASK) ? [current.state] : [],
        },
      });
    }),
  );
  return asked;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveFileTasks', () => {
  it('reads a followed task’s state when the socket (re)connects, having missed its events', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const current: { state: TaskEvent | null } = { state: task('PR', '2026-11-23T10:00:01Z') };
    const asked = serveTasks(current);
    const { result } = renderHook(() => useLiveFileTasks(), { wrapper });

    act(() => result.current.follow(TASK));
    await waitFor(() => expect(result.current.byFile.get(FILE)?.state).toBe('PR'));

    // The task ends while the socket is away; no event arrives, the reconnection catches up.
    current.state = task('CM', '2026-11-23T10:00:02Z');
    act(() => socket.connected());
    await waitFor(() => expect(result.current.byFile.get(FILE)?.state).toBe('CM'));

    // An ended task is not asked for again.
    const before = asked.length;
    act(() => socket.connected());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.length).toBe(before);
  });

  it('reads an unfinished task again every few seconds until it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(ADMIN_ID, 'org_admin');
    const current: { state: TaskEvent | null } = { state: task('QD', '2026-11-23T10:00:00Z') };
    serveTasks(current);
    const { result } = renderHook(() => useLiveFileTasks(), { wrapper });
    act(() => result.current.follow(TASK));
    await waitFor(() => expect(result.current.byFile.get(FILE)?.state).toBe('QD'));

    current.state = task('ER', '2026-11-23T10:00:03Z');
    await act(() => vi.advanceTimersByTimeAsync(FOLLOW_CHECK_MS));
    await waitFor(() => expect(result.current.byFile.get(FILE)?.state).toBe('ER'));
  });

  it('keeps the newest state when an older one arrives late', () => {
    signInAs(ADMIN_ID, 'org_admin');
    serveTasks({ state: null });
    const { result } = renderHook(() => useLiveFileTasks(), { wrapper });
    act(() => socket.send(task('CM', '2026-11-23T10:00:02Z')));
    act(() => socket.send(task('PR', '2026-11-23T10:00:01Z')));
    expect(result.current.byFile.get(FILE)?.state).toBe('CM');
  });
});
