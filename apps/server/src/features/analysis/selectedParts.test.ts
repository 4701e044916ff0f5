import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedParts } from './analysis.graphql.ts';

const schema = buildSchema(`
  scalar JSON
  type SiteDetail { site_id: ID! summary: JSON bins: JSON classes: JSON speeding: JSON availability: JSON }
  type Query { siteDetail: SiteDetail! }
`);

async function partsOf(query: string) {
  let seen: string[] = [];
  const result = await graphql({
    schema,
    source: query,
    rootValue: {
      siteDetail: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        seen = selectedParts(info);
        return { site_id: '1' };
      },
    },
  });
  expect(result.errors).toBeUndefined();
  return seen;
}

describe('the parts a site-detail query selects', () => {
  it('are the answer parts among its fields, through fragments too', async () => {
    expect(await partsOf('{ siteDetail { site_id bins summary } }')).toEqual(['summary', 'bins']);
    expect(
      await partsOf(`{ siteDetail { ...Figures ... on SiteDetail { speeding } } }
        fragment Figures on SiteDetail { classes availability }`),
    ).toEqual(['classes', 'speeding', 'availability']);
    expect(await partsOf('{ siteDetail { site_id } }')).toEqual([]);
  });
});
