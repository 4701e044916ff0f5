import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTaskSubscription, type TaskEvent } from './taskSubscription.ts';

interface Sent {
  type: string;
  id?: string;
  payload?: { authorization?: string };
}

/** A WebSocket the test drives: it opens, answers and closes when told. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Sent[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Sent);
  }
  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.({ code, reason, wasClean: true });
  }
  // What the server would do:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

/** Opens the newest socket, acknowledges it and answers the subscription's id. */
async function accept(): Promise<string> {
  const socket = latest();
  socket.open();
  await settle();
  socket.receive({ type: 'connection_ack' });
  await settle();
  const subscribe = socket.sent.find((message) => message.type === 'subscribe');
  if (!subscribe?.id) throw new Error('no subscribe message was sent');
  return subscribe.id;
}

const EVENT: TaskEvent = {
  id: 't1',
  function_name: 'process_file',
  state: 'PR',
  message: '',
  updated_at: '2026-01-01T00:00:00Z',
  file_id: 'f1',
};

describe('the task subscription', () => {
  let token: string;
  let events: TaskEvent[];
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    token = 'first-token';
    events = [];
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  const start = (random = () => 0) => {
    const subscription = createTaskSubscription({
      url: 'ws://roadcount.test/gql/v1/graphql',
      token: () => token,
      onEvent: (event) => events.push(event),
      webSocketImpl: FakeSocket,
      random,
    });
    stop = subscription.stop;
    return subscription;
  };

  it('sends the access token in connection_init and passes on the events', async () => {
    start();
    await settle();
    const id = await accept();
    expect(latest().sent[0]).toEqual({
      type: 'connection_init',
      payload: { authorization: 'Bearer first-token' },
    });
    latest().receive({ id, type: 'next', payload: { data: { task_tracking_updated: EVENT } } });
    expect(events).toEqual([EVENT]);
  });

  it('restarts with code 4205 after a token refresh, reconnecting with the new token', async () => {
    const subscription = start();
    await settle();
    await accept();
    const first = latest();
    token = 'refreshed-token';
    subscription.restart();
    expect(first.closedWith).toBe(4205);
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.all).toHaveLength(2);
    const id = await accept();
    expect(latest().sent[0]?.payload).toEqual({ authorization: 'Bearer refreshed-token' });
    latest().receive({ id, type: 'next', payload: { data: { task_tracking_updated: EVENT } } });
    expect(events).toEqual([EVENT]);
  });

  it('restarts when the server closes with code 4205', async () => {
    start();
    await settle();
    await accept();
    latest().close(4205, 'Server Restart');
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('retries a lost connection forever, the waits doubling up to 10 s', async () => {
    start(() => 1);
    await settle();
    const waits = [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000];
    for (const [index, wait] of waits.entries()) {
      latest().close(1006, 'Abnormal Closure');
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeSocket.all).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(index + 2);
    }
  });

  it('subscribes again after the server refuses the connection', async () => {
    start();
    await settle();
    latest().open();
    await settle();
    latest().close(4401, 'Unauthorized');
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.all).toHaveLength(2);
    await accept();
    expect(latest().sent.map((message) => message.type)).toEqual(['connection_init', 'subscribe']);
  });

  it('stays closed once stopped', async () => {
    start();
    await settle();
    await accept();
    stop?.();
    stop = undefined;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stops quietly while it waits to reconnect (no unhandled rejection)', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      start(() => 1);
      await settle();
      latest().close(1006, 'Abnormal Closure');
      await vi.advanceTimersByTimeAsync(100);
      stop?.();
      stop = undefined;
      await vi.advanceTimersByTimeAsync(20_000);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
