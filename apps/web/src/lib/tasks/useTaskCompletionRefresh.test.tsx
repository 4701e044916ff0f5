import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TaskEvent } from './taskSubscription.ts';
import { useTaskCompletionRefresh } from './useTaskCompletionRefresh.ts';

// The socket is left out: it sends what a test pushes.
const socket = vi.hoisted(() => ({ send: (_event: TaskEvent): void => undefined }));
vi.mock('./liveTasks.ts', () => ({
  listenToTasks: (listener: (event: TaskEvent) => void) => {
    socket.send = listener;
    return () => undefined;
  },
}));

function event(functionName: string, state: TaskEvent['state'], id = 'task-1'): TaskEvent {
  return {
    id,
    function_name: functionName,
    state,
    message: '',
    updated_at: '2026-11-25T10:00:00Z',
    file_id: null,
  };
}

describe('a finished task', () => {
  it('refreshes the sites table when a merge ends, once, and not while it runs', () => {
    const client = new QueryClient();
    const invalidated: string[] = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation((filters) => {
      invalidated.push(String(filters?.queryKey?.[0]));
      return Promise.resolve();
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useTaskCompletionRefresh(true), { wrapper });

    act(() => socket.send(event('merge_sites', 'PR')));
    expect(invalidated).not.toContain('sites');
    act(() => socket.send(event('merge_sites', 'CM')));
    expect(invalidated).toContain('sites');
    expect(invalidated).toContain('mapSites');
    expect(invalidated).toContain('deletedSites');

    // The same end sent again after a reconnection refreshes nothing more.
    const count = invalidated.length;
    act(() => socket.send(event('merge_sites', 'CM')));
    expect(invalidated.length).toBe(count);

    // A failed reprocessing refreshes the files it was about.
    invalidated.length = 0;
    act(() => socket.send(event('process_file', 'ER', 'task-2')));
    expect(invalidated).toContain('files');
  });
});
