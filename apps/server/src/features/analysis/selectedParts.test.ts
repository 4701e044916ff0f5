import { SITE_DETAIL_PARTS } from '@roadcount/analytics';
import { Kind, buildSchema, graphql, parse, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { analysisTypeDefs, selectedParts } from './analysis.graphql.ts';

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

  it('names only fields the API’s SiteDetail type has', () => {
    const siteDetail = parse(analysisTypeDefs).definitions.find(
      (definition) =>
        definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'SiteDetail',
    );
    const fields =
      siteDetail?.kind === Kind.OBJECT_TYPE_DEFINITION
        ? (siteDetail.fields ?? []).map((field) => field.name.value)
        : [];
    expect(fields.length).toBeGreaterThan(0);
    for (const part of SITE_DETAIL_PARTS) expect(fields).toContain(part);
  });
});
