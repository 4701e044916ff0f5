import { z } from 'zod';

export interface DocumentedRoute {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Fastify path; `:id` parameters become `{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Whether a bearer access token is required. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  responses: Record<number, string>;
}

/** Collects each route's description as it is registered and renders an OpenAPI 3.1 document. */
export function createOpenApiRegistry(info: { title: string; version: string }) {
  const routes: DocumentedRoute[] = [];
  return {
    add(route: DocumentedRoute) {
      routes.push(route);
    },
    routes: () => [...routes],
    document() {
      const paths: Record<string, Record<string, unknown>> = {};
      for (const route of routes) {
        const path = route.path.replace(/:(\w+)/g, '{$1}');
        const parameters = [
          ...[...route.path.matchAll(/:(\w+)/g)].map((match) => ({
            name: match[1],
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
          ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) => ({
            name,
            in: 'query',
            required: !(schema as z.ZodType).safeParse(undefined).success,
            schema: z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }),
          })),
        ];
        paths[path] ??= {};
        paths[path][route.method] = {
          summary: route.summary,
          tags: [route.tag],
          ...(route.auth ? { security: [{ bearer: [] }] } : {}),
          ...(parameters.length > 0 ? { parameters } : {}),
          ...(route.body
            ? {
                requestBody: {
                  required: true,
                  content: {
                    'application/json': {
                      schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }),
                    },
                  },
                },
              }
            : {}),
          responses: Object.fromEntries(
            Object.entries(route.responses).map(([status, description]) => [
              status,
              { description },
            ]),
          ),
        };
      }
      return {
        openapi: '3.1.0',
        info,
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        paths,
      };
    },
  };
}

export type OpenApiRegistry = ReturnType<typeof createOpenApiRegistry>;
