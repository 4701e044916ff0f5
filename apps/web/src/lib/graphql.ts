import { http, RequestError } from './http.ts';

interface GraphqlAnswer<T> {
  data?: T;
  errors?: { message: string }[];
}

/** One query or mutation over HTTP with the session's bearer token (SPEC section 7). */
export async function graphqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  let answer: GraphqlAnswer<T>;
  try {
    answer = await http.postJson<GraphqlAnswer<T>>('/gql/v1/graphql/', { query, variables });
  } catch (error) {
    // GraphQL errors carry their message in the body's errors, not in a top-level message.
    const message = (error as RequestError).body as GraphqlAnswer<T> | undefined;
    const first = message?.errors?.[0]?.message;
    if (error instanceof RequestError && first)
      throw new RequestError(error.status, first, message);
    throw error;
  }
  const first = answer.errors?.[0]?.message;
  if (first || answer.data === undefined) throw new RequestError(400, first ?? 'No data', answer);
  return answer.data;
}
