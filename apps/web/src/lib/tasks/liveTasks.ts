import { organisationViewHeaders } from '../session/organisationView.ts';
import { readTokens, SESSION_CHANGED_EVENT } from '../session/tokenStorage.ts';
import {
  createTaskSubscription,
  type TaskEvent,
  type TaskSubscription,
} from './taskSubscription.ts';

type Listener = (event: TaskEvent) => void;

const listeners = new Set<Listener>();
const connectedListeners = new Set<() => void>();
const realtimeListeners = new Set<(siteId: string) => void>();
let subscription: TaskSubscription | null = null;
let connectedWith: string | null = null;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/gql/v1/graphql`;
}

/** What the socket signs in with: the access token, and the organisation view while viewing. */
function socketSession(): string | null {
  const access = readTokens()?.access ?? null;
  return access && JSON.stringify([access, organisationViewHeaders()]);
}

/**
 * A new access token (a refresh), or starting or ending an organisation view, restarts the
 * socket; signing out closes it.
 */
function onSessionChanged() {
  const session = socketSession();
  if (session === connectedWith) return;
  connectedWith = session;
  if (!session) stopSocket();
  else if (subscription) subscription.restart();
  else if (listeners.size > 0) startSocket();
}

function startSocket() {
  connectedWith = socketSession();
  if (!connectedWith) return;
  subscription = createTaskSubscription({
    url: socketUrl(),
    token: () => readTokens()?.access ?? null,
    parameters: organisationViewHeaders,
    onEvent: (event) => listeners.forEach((listener) => listener(event)),
    onConnected: () => connectedListeners.forEach((listener) => listener()),
    onRealtimeSite: (siteId) => realtimeListeners.forEach((listener) => listener(siteId)),
  });
}

function stopSocket() {
  subscription?.stop();
  subscription = null;
}

/**
 * Listens to the organisation's task events; the one socket of the app opens with the first
 * listener and closes with the last. `onConnected` is called each time the socket is connected
 * (again), after which the listener may read what it missed; `onRealtimeSite` each time a
 * realtime site's vehicles change. Answers a function that stops
 * listening.
 */
export function listenToTasks(
  listener: Listener,
  onConnected?: () => void,
  onRealtimeSite?: (siteId: string) => void,
): () => void {
  listeners.add(listener);
  if (onConnected) connectedListeners.add(onConnected);
  if (onRealtimeSite) realtimeListeners.add(onRealtimeSite);
  if (listeners.size === 1) {
    window.addEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    startSocket();
  }
  return () => {
    listeners.delete(listener);
    if (onConnected) connectedListeners.delete(onConnected);
    if (onRealtimeSite) realtimeListeners.delete(onRealtimeSite);
    if (listeners.size > 0) return;
    window.removeEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    stopSocket();
  };
}
