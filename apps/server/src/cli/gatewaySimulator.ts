// `npm run simulate:gateway` and the realtime e2e test: the demo's gateway simulation
// (features/demo/gatewaySimulation.ts) posting to a server's ingest route with a gateway's key.
import {
  simulateGateway,
  type GatewayBatch,
  type SimulatorOptions,
} from '../features/demo/gatewaySimulation.ts';

export type { SimulatedLane } from '../features/demo/gatewaySimulation.ts';

/** Posts one batch; a refusal stops the run with the route's message. */
async function post(url: string, key: string, batch: GatewayBatch): Promise<{ stored: number }> {
  const response = await fetch(`${url}/core/api/realtime/events/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-gateway-key': key },
    body: JSON.stringify(batch),
  });
  const answer = (await response.json()) as { stored?: number; message?: string };
  if (!response.ok)
    throw new Error(`the route refused a batch (${response.status}): ${answer.message}`);
  return { stored: answer.stored ?? 0 };
}

/** Sends a second's events each second for the duration; answers the events sent and stored. */
export function runSimulator(
  options: Omit<SimulatorOptions, 'send' | 'untilMs' | 'fromMs'> & {
    url: string;
    key: string;
    /** How long to send for, in seconds. */
    durationS: number;
  },
) {
  const now = options.now ?? Date.now;
  return simulateGateway({
    ...options,
    send: (batch) => post(options.url, options.key, batch),
    untilMs: now() + options.durationS * 1000,
  });
}

/** A gateway's key from an admin's session: finds the gateway by serial and makes it a new key. */
export async function keyFromAdmin(
  url: string,
  credentials: { username: string; password: string },
  gatewaySerial: string,
): Promise<string> {
  const signIn = await fetch(`${url}/core/api/auth/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!signIn.ok)
    throw new Error(`signing in as ${credentials.username} failed (${signIn.status})`);
  const { access } = (await signIn.json()) as { access: string };
  const authorization = `Bearer ${access}`;
  const gateways = (await (
    await fetch(`${url}/core/api/config/rtg_devices/?search=${encodeURIComponent(gatewaySerial)}`, {
      headers: { authorization },
    })
  ).json()) as { id: string; serial: string }[];
  const gateway = gateways.find((found) => found.serial === gatewaySerial);
  if (!gateway) throw new Error(`no gateway ${gatewaySerial} is registered`);
  const made = await fetch(`${url}/core/api/config/rtg_devices/${gateway.id}/api_key`, {
    method: 'POST',
    headers: { authorization },
  });
  if (!made.ok) throw new Error(`making the key of ${gatewaySerial} failed (${made.status})`);
  return ((await made.json()) as { api_key: string }).api_key;
}
