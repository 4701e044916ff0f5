import type { WebSocket } from 'ws';

/** The graphql-ws protocol's subprotocol name (graphql-transport-ws). */
const GRAPHQL_TRANSPORT_WS = 'graphql-transport-ws';

/** graphql-ws's close codes for a refused connection_init and a subscribe before the ack. */
const FORBIDDEN = { code: 4403, reason: 'Forbidden' };
const UNAUTHORIZED = { code: 4401, reason: 'Unauthorized' };

/**
 * The graphql-ws protocol has no connection_error message: a connection_init it refuses is
 * closed with 4403 Forbidden, a subscribe before the acknowledgement with 4401 Unauthorized, the
 * code and reason alone. Mercurius sends the older protocol's connection_error first, whatever
 * the socket speaks; on a graphql-transport-ws socket this closes it as the protocol says instead.
 */
export function followGraphqlWsProtocol(socket: WebSocket): void {
  if (socket.protocol !== GRAPHQL_TRANSPORT_WS) return;
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  socket.send = ((data: unknown, ...rest: unknown[]) => {
    const refusal = typeof data === 'string' ? connectionError(data) : undefined;
    if (!refusal) return send(data, ...rest);
    const close = refusal === 'Connection has not been established yet.' ? UNAUTHORIZED : FORBIDDEN;
    socket.close(close.code, close.reason);
    // The sender awaits its callback: it is told the message went, and closes the socket itself.
    const callback = rest.at(-1);
    if (typeof callback === 'function') (callback as (error?: Error) => void)();
  }) as WebSocket['send'];
}

/** The message of a connection_error frame, or undefined for any other. */
function connectionError(data: string): string | undefined {
  if (!data.includes('"connection_error"')) return undefined;
  try {
    const frame = JSON.parse(data) as { type?: unknown; payload?: { message?: unknown } };
    if (frame.type !== 'connection_error') return undefined;
    return typeof frame.payload?.message === 'string' ? frame.payload.message : '';
  } catch {
    return undefined;
  }
}
