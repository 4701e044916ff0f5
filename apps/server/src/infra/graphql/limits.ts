import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * The deepest selection a query may make: the web's deepest document (the count summary, its
 * figures per mode and direction) is 9 levels, checked by limits.test.ts.
 */
export const MAX_QUERY_DEPTH = 10;
/**
 * Aliases in one document, whatever the field (`__typename` too): the web sends none; a few
 * leave room for hand-written queries.
 */
export const MAX_QUERY_ALIASES = 10;
/**
 * The longest document read, in characters, checked before it is parsed: the web's longest is
 * under 1,000 and the introspection query under 2,000.
 */
export const MAX_DOCUMENT_CHARACTERS = 32 * 1024;
/**
 * The most tokens a document may have, counted as it is parsed (graphql-js stops there): the
 * web's largest has about 110 and the introspection query about 160.
 */
export const MAX_DOCUMENT_TOKENS = 2000;
/**
 * What a field costs, whatever its name (`__typename` and the schema's too): 1, plus its
 * selections; a field that scans a site's stored vehicles or every site's rollups costs
 * SCAN_FIELD_COST instead of 1.
 */
export const SCAN_FIELD_COST = 100;
/** An operation's total cost: the five named parts of a site's page with room to spare, never the tens an attack asks. */
export const MAX_QUERY_COST = 1000;
/** The largest answer sent: a year of a site's detail is far less; an attack is far more. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Query fields that read a site's vehicles, or every visible site's rollups. */
export const SCAN_FIELDS: ReadonlySet<string> = new Set([
  'siteDetail',
  'timeSeriesSummary',
  'getHeadwayGapMatrix',
  'class_speed_individual_metrics',
  'get_speeding_table_for_site',
  'timeSeriesCountSummary',
  'siteAvailability',
  'mapSites',
]);

export function refusalMessage(detail: string): string {
  return `The query was refused: ${detail} Ask for less in each request.`;
}

/** GraphQL Armor throws "Syntax Error: …"; the refusal says instead what limit was passed. */
const reportRefusal = (context: ValidationContext | null, error: GraphQLError): void => {
  context?.reportError(
    new GraphQLError(refusalMessage(error.message.replace(/^Syntax Error: /, ''))),
  );
};

/** The cost of a selection set, fragments counted where they are spread (cycles cost nothing more). */
function selectionCost(
  context: ValidationContext,
  selectionSet: SelectionSetNode | undefined,
  spreading: Set<string>,
): number {
  if (!selectionSet) return 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const own = SCAN_FIELDS.has(selection.name.value) ? SCAN_FIELD_COST : 1;
      cost += own + selectionCost(context, selection.selectionSet, spreading);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(context, selection.selectionSet, spreading);
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (!fragment || spreading.has(name)) continue;
      spreading.add(name);
      cost += selectionCost(context, fragment.selectionSet, spreading);
      spreading.delete(name);
    }
  }
  return cost;
}

/** Refuses an operation whose fields cost more than MAX_QUERY_COST, before any runs. */
export const queryCostRule: ValidationRule = (context): ASTVisitor => ({
  OperationDefinition(operation: OperationDefinitionNode) {
    const cost = selectionCost(context, operation.selectionSet, new Set());
    if (cost > MAX_QUERY_COST)
      context.reportError(
        new GraphQLError(
          refusalMessage(
            `it costs ${cost}, more than the ${MAX_QUERY_COST} allowed (a site-detail or map field costs ${SCAN_FIELD_COST}).`,
          ),
          { nodes: [operation] },
        ),
      );
  },
});

/** The refusal of a document longer than MAX_DOCUMENT_CHARACTERS, before it is parsed. */
export function documentTooLong(source: string): string | undefined {
  if (source.length <= MAX_DOCUMENT_CHARACTERS) return undefined;
  return refusalMessage(
    `it is ${source.length} characters long, more than the ${MAX_DOCUMENT_CHARACTERS} allowed.`,
  );
}

/**
 * The validation rules every document passes besides GraphQL's own, checked before it runs. A
 * document that passes is cached and not validated again: each rule depends on the document
 * alone, never on who sends it or its variables.
 */
export const queryLimitRules: ValidationRule[] = [
  maxDepthRule({
    n: MAX_QUERY_DEPTH,
    ignoreIntrospection: true,
    onReject: [reportRefusal],
    propagateOnRejection: false,
  }),
  // GraphQL Armor lets `__typename` aliases through by default: they cost as much to answer.
  maxAliasesRule({
    n: MAX_QUERY_ALIASES,
    allowList: [],
    onReject: [reportRefusal],
    propagateOnRejection: false,
  }),
  queryCostRule,
];
