import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../src/graphqlSchema.ts';
import { graphqlSchemaSource } from '../src/infra/graphql/graphql.ts';
import {
  MAX_DOCUMENT_CHARACTERS,
  MAX_DOCUMENT_TOKENS,
  queryLimitRules,
} from '../src/infra/graphql/limits.ts';

/**
 * Every query and mutation the web app sends passes the limits every document meets (length,
 * tokens, depth, aliases, cost): a limit tightened, or a web query grown past one, would refuse
 * the app's own page with a 400 (the count summary did once, at a depth of 9).
 */
const generated = readFileSync(
  new URL('../../web/src/generated/graphql.ts', import.meta.url),
  'utf8',
);
const documents = [
  ...generated.matchAll(/^export const (\w+)Document = new TypedDocumentString\(`([\s\S]*?)`/gm),
].map(([, name, source]) => ({ name: name ?? '', source: source ?? '' }));

describe("the web app's GraphQL documents", () => {
  const schema = buildSchema(graphqlSchemaSource(typeDefs));

  it('are all found', () => {
    // As many as the generated file exports (a pattern that found none would pass anything).
    expect(documents.length).toBe(generated.match(/^export const \w+Document = /gm)?.length);
    expect(documents.length).toBeGreaterThan(50);
  });

  it.each(documents)('$name passes the query limits', ({ source }) => {
    expect(source.length).toBeLessThanOrEqual(MAX_DOCUMENT_CHARACTERS);
    const document = parse(source, { maxTokens: MAX_DOCUMENT_TOKENS });
    expect(validate(schema, document, queryLimitRules).map((error) => error.message)).toEqual([]);
  });
});
