import { createClient, type Client } from 'graphql-ws';
import type { TaskState } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type {
  RealtimeSiteUpdatedSubscription,
  TaskEventFieldsFragment,
  TaskTrackingUpdatedSubscription,
} from '@/generated/graphql.ts';
import type { Narrowed } from '../graphql.ts';
import { backoffDelayMs } from './backoff.ts';

/** SPEC section 9: the close code with which a socket is closed so that it reconnects at once. */
export const RESTART_CLOSE_CODE = 4205;

/** SPEC section 3: a task tracking record as the subscription sends it. */
export type TaskEvent = Narrowed<TaskEventFieldsFragment, { state: TaskState }>;

// What a task event carries, here and where task states are read again (useLiveFileTasks).
graphql(`
  fragment TaskEventFields on TaskTracking {
    id
    function_name
    state
    message
    updated_at
    file_id
  }
`);

const SUBSCRIPTION = graphql(`
  subscription TaskTrackingUpdated {
    task_tracking_updated {
      ...TaskEventFields
    }
  }
`);

// Issue 27: a realtime site's vehicles changed (new events were correlated into them).
const REALTIME_SUBSCRIPTION = graphql(`
  subscription RealtimeSiteUpdated {
    realtime_site_updated {
      site_id
      updated_at
    }
  }
`);

export interface TaskSubscription {
  /** Reconnects with the current token (after a token refresh). */
  restart: () => void;
  stop: () => void;
}

interface Options {
  url: string;
  /** Read at each connection, so that a reconnect carries the newest access token. */
  token: () => string | null;
  /** More connection parameters, read at each connection (a staff member's organisation view). */
  parameters?: () => Record<string, string>;
  onEvent: (event: TaskEvent) => void;
  /** A realtime site's vehicles changed: given, the same socket listens for these too. */
  onRealtimeSite?: (siteId: string) => void;
  /** Each time the socket is (again) acknowledged: events sent meanwhile were missed. */
  onConnected?: () => void;
  webSocketImpl?: unknown;
  random?: () => number;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The organisation's task events over graphql-ws (SPEC section 7). It never gives up: a dropped
 * socket reconnects with exponential backoff, and a subscription the server ends or refuses is
 * started again with the same backoff. `restart` closes the socket with code 4205, which, like a
 * 4205 from the server, reconnects at once with the token of that moment.
 */
export function createTaskSubscription(options: Options): TaskSubscription {
  let socket: WebSocket | null = null;
  let restartWhenOpen = false;
  let stopped = false;
  let failures = 0;
  let unsubscribe: (() => void) | null = null;
  let unsubscribeRealtime: (() => void) | null = null;

  const client: Client = createClient({
    url: options.url,
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => wait(backoffDelayMs(retries, options.random)),
    connectionParams: () => {
      const token = options.token();
      return token ? { authorization: `Bearer ${token}`, ...options.parameters?.() } : {};
    },
    ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
    on: {
      opened: (opened) => {
        socket = opened as WebSocket;
        if (restartWhenOpen) {
          restartWhenOpen = false;
          restart();
        }
      },
      connected: () => {
        failures = 0;
        options.onConnected?.();
      },
      closed: () => {
        socket = null;
      },
    },
  });

  function restart() {
    if (socket && socket.readyState === socket.OPEN) {
      socket.close(RESTART_CLOSE_CODE, 'Client Restart');
    } else {
      // Not open yet: restart as soon as it is, so that the connection carries the new token.
      restartWhenOpen = true;
    }
  }

  function subscribe() {
    if (stopped) return;
    unsubscribe = client.subscribe<TaskTrackingUpdatedSubscription>(
      { query: SUBSCRIPTION.toString() },
      {
        next: (value) => {
          if (value.data) options.onEvent(value.data.task_tracking_updated as TaskEvent);
        },
        // Refused (say, an expired token) or ended by the server: start over after a while.
        error: () => resubscribe(),
        complete: () => resubscribe(),
      },
    );
  }

  function subscribeRealtime() {
    const { onRealtimeSite } = options;
    if (stopped || !onRealtimeSite) return;
    unsubscribeRealtime = client.subscribe<RealtimeSiteUpdatedSubscription>(
      { query: REALTIME_SUBSCRIPTION.toString() },
      {
        next: (value) => {
          if (value.data) onRealtimeSite(value.data.realtime_site_updated.site_id);
        },
        error: () => setTimeout(subscribeRealtime, backoffDelayMs(failures, options.random)),
        complete: () => setTimeout(subscribeRealtime, backoffDelayMs(failures, options.random)),
      },
    );
  }

  function resubscribe() {
    if (stopped) return;
    const delay = backoffDelayMs(failures, options.random);
    failures += 1;
    setTimeout(subscribe, delay);
  }

  subscribe();
  subscribeRealtime();
  return {
    restart,
    stop: () => {
      stopped = true;
      unsubscribe?.();
      unsubscribeRealtime?.();
      // Disposing while a reconnection waits rejects with the close ('All Subscriptions Gone'):
      // nothing is left to tell.
      Promise.resolve(client.dispose()).catch(() => undefined);
    },
  };
}
