import type { TypedDocumentString } from '@/generated/graphql.ts';
import { postGraphql, RequestError } from './http.ts';

interface GraphqlAnswer<T> {
  data?: T;
  errors?: { message: string }[];
}

/**
 * One query or mutation over HTTP with the session's bearer token (SPEC section 7). The document
 * comes from `graphql()` (generated/gql.ts), which types its answer and its variables; variables
 * are left out only when the operation declares none.
 */
export function graphqlRequest<T>(
  document: TypedDocumentString<T, Record<string, never>>,
): Promise<T>;
export function graphqlRequest<T, Variables>(
  document: TypedDocumentString<T, Variables>,
  variables: Variables,
): Promise<T>;
export async function graphqlRequest<T, Variables>(
  document: TypedDocumentString<T, Variables>,
  variables?: Variables,
): Promise<T> {
  let answer: GraphqlAnswer<T>;
  try {
    // The document types the answer: the transport itself cannot know it.
    answer = (await postGraphql({
      query: document.toString(),
      variables: variables ?? {},
    })) as GraphqlAnswer<T>;
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

/**
 * An answer with some fields read as more than the schema says: a JSON field as what it holds, a
 * String field as the values the server sends. Each must narrow a field the answer has.
 */
export type Narrowed<
  Answer,
  Fields extends { [Key in keyof Fields]: Key extends keyof Answer ? Answer[Key] : never },
> = Omit<Answer, keyof Fields> & Fields;
