import type { paths } from '@/generated/openapi.ts';

type JsonBody<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type JsonAnswer<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : Operation extends { responses: { 201: { content: { 'application/json': infer Answer } } } }
    ? Answer
    : Operation extends { responses: { 202: { content: { 'application/json': infer Answer } } } }
      ? Answer
      : undefined;

/** The JSON body a REST route takes, from the OpenAPI document (generated/openapi.ts). */
export type RequestBody<
  Path extends keyof paths,
  Method extends 'post' | 'put' | 'patch',
> = JsonBody<paths[Path][Method]>;

/** The JSON a REST route answers on success, from the OpenAPI document. */
export type ResponseBody<
  Path extends keyof paths,
  Method extends 'get' | 'post' | 'put' | 'patch' | 'delete',
> = JsonAnswer<paths[Path][Method]>;
