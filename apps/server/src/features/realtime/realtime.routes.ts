import {
  gatewayKeyAnswer,
  queuedTaskAnswer,
  realtimeBatchAnswer,
  realtimeBatchSchema,
  recorrelateInputSchema,
} from '@roadcount/domain';
import { z } from 'zod';
import type { Router } from '../../infra/http/route.ts';
import type { RealtimeService } from './realtime.service.ts';

/** The header a gateway sends its key in. */
export const GATEWAY_KEY_HEADER = 'x-gateway-key';

/** The largest batch body: 5,000 events of about 150 bytes each, with room to spare. */
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The batch as the document shows it. The route checks the body itself (not the router), so
 * that a refusal names the field as `events[3].speed` in the catalogue's words.
 */
const documentedBatch = z.unknown().meta(
  (() => {
    const json = z.toJSONSchema(realtimeBatchSchema, { io: 'input' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  })(),
);

/** Issue 27: gateways' keys (for hardware editors) and the realtime ingest route (for gateways). */
export function registerRealtimeRoutes(router: Router, service: RealtimeService): void {
  router.define({
    method: 'post',
    path: '/core/api/config/rtg_devices/:id/api_key',
    summary:
      "Make a new ingest key for a gateway (shown once; the gateway's old key stops working)",
    tag: 'hardware',
    auth: true,
    permission: 'hardware.write',
    status: 201,
    responses: {
      201: 'made',
      400: 'not a gateway',
      401: 'no session',
      403: 'a viewer',
      404: 'no such gateway',
    },
    answer: gatewayKeyAnswer,
    handler: ({ viewer, params }) => service.rotateKey(viewer, params.id ?? ''),
  });
  router.define({
    method: 'delete',
    path: '/core/api/config/rtg_devices/:id/api_key',
    summary: "Revoke a gateway's ingest key: its batches are refused until a new key is made",
    tag: 'hardware',
    auth: true,
    permission: 'hardware.write',
    responses: {
      204: 'revoked',
      400: 'not a gateway',
      401: 'no session',
      403: 'a viewer',
      404: 'no such gateway',
    },
    handler: ({ viewer, params }) => service.revokeKey(viewer, params.id ?? ''),
  });
  router.define({
    method: 'post',
    path: '/core/api/realtime/events/',
    summary: `A gateway's batch of sensor events and pings, with its key in the ${GATEWAY_KEY_HEADER} header; stored all or nothing, each event (sensor, timestamp) once however often it is sent`,
    tag: 'realtime',
    auth: false,
    permission: 'public',
    body: documentedBatch,
    bodyLimit: BATCH_BODY_LIMIT,
    responses: {
      200: 'stored (with how many were already stored)',
      400: 'a field is wrong or names a sensor the gateway does not hear (named: events[3].speed); nothing stored',
      401: 'no key, or a revoked or unknown one',
    },
    answer: realtimeBatchAnswer,
    handler: ({ request, body }) => {
      const key = request.headers[GATEWAY_KEY_HEADER];
      return service.ingest(typeof key === 'string' ? key : undefined, body);
    },
  });
  router.define({
    method: 'post',
    path: '/core/api/realtime/sites/:id/recorrelate',
    summary:
      "Queue recorrelate_sensor_events: rebuild a realtime site's vehicles over a period from its stored sensor events (after a mapping changed)",
    tag: 'realtime',
    auth: true,
    permission: 'hardware.write',
    body: recorrelateInputSchema,
    status: 202,
    responses: {
      202: 'queued',
      400: 'invalid field (named)',
      401: 'no session',
      403: 'a viewer',
      404: 'no such site',
    },
    answer: queuedTaskAnswer,
    handler: ({ viewer, params, body }) => service.recorrelate(viewer, params.id ?? '', body),
  });
}
