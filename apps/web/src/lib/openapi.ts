import type { paths } from '../generated/openapi.ts';

type JsonBody<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/**
 * The JSON body a REST route takes, from the OpenAPI document (generated/openapi.ts); the
 * document describes no answers yet, so those are typed where they are read.
 */
export type RequestBody<
  Path extends keyof paths,
  Method extends 'post' | 'put' | 'patch',
> = JsonBody<paths[Path][Method]>;
