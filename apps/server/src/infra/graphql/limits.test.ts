import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimitRules } from './limits.ts';

const generated = new URL('../../../../web/src/generated/', import.meta.url);

/** The documents the web app sends, as codegen keeps them in gql.ts (one JSON string a line). */
function webDocuments(): string[] {
  const source = readFileSync(new URL('gql.ts', generated), 'utf8');
  const documents = new Set<string>();
  for (const match of source.matchAll(/^ {4}("(?:[^"\\]|\\.)*"): (?:typeof )?types\./gm)) {
    documents.add(JSON.parse(match[1] ?? '""') as string);
  }
  return [...documents];
}

describe('GraphQL query limits', () => {
  it('let every document the web app sends pass', () => {
    const schema = buildSchema(readFileSync(new URL('schema.graphql', generated), 'utf8'));
    const documents = webDocuments();
    // The web has dozens of documents; finding none would mean the pattern above is wrong.
    expect(documents.length).toBeGreaterThan(40);
    for (const document of documents) {
      const errors = validate(schema, parse(document), queryLimitRules);
      expect(
        errors.map((error) => error.message),
        document.slice(0, 60),
      ).toEqual([]);
    }
  });
});
