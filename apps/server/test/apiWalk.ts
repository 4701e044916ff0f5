// The whole API as a caller meets it: every GraphQL operation (by introspection) and every route
// of the OpenAPI document, with plausible arguments and the ids of chosen resources in each place
// an id goes. The cross-organisation test and the demo account's test walk it, so that a new
// operation or route is covered by both as soon as it exists.
import {
  CLASS_SCHEMES,
  DAY_RANGES,
  LANE_TYPES,
  SITE_TYPES,
  STORED_REVIEW_STATUSES,
} from '@roadcount/domain';
import ExcelJS from 'exceljs';
import {
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionField,
  type IntrospectionInputTypeRef,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';

export const KINDS = [
  'site',
  'file',
  'group',
  'mapNote',
  'mapNoteGroup',
  'exclusion',
  'image',
  'user',
  'organisation',
  'task',
  'lane',
  'survey',
  'report',
  'bill',
  'device',
  'deviceArray',
  'deviceMapping',
  'gpsLocation',
  'roadSection',
  'badDataPeriod',
] as const;
export type Kind = (typeof KINDS)[number];
export type Ids = Record<Kind, string>;

/** Words in an argument's name (or its operation's or route's) that say which kind of id it takes. */
export const KIND_WORDS: [RegExp, Kind][] = [
  [/bad_?data/i, 'badDataPeriod'],
  [/device_?array/i, 'deviceArray'],
  [/device_?mapping/i, 'deviceMapping'],
  [/gps_?location/i, 'gpsLocation'],
  [/road_?section/i, 'roadSection'],
  [/device|rtg|stud|gateway/i, 'device'],
  [/bills/i, 'bill'],
  [/survey/i, 'survey'],
  [/map_?note_?group/i, 'mapNoteGroup'],
  [/note/i, 'mapNote'],
  [/group/i, 'group'],
  [/exclusion/i, 'exclusion'],
  [/lane/i, 'lane'],
  [/image/i, 'image'],
  [/report/i, 'report'],
  [/task/i, 'task'],
  [/file|eco/i, 'file'],
  [/user|filterset/i, 'user'],
  [/org/i, 'organisation'],
  [/site|target|source/i, 'site'],
];
export const ID_NAME = /(^id|_id|Id|^ids|_ids|Ids)$/;
export const wordKind = (text: string) => KIND_WORDS.find(([word]) => word.test(text))?.[1];

export function guessKind(name: string, context: string): Kind | undefined {
  const own = wordKind(name.replace(ID_NAME, ''));
  const around = wordKind(context);
  if (own === 'group' && (around === 'mapNote' || around === 'mapNoteGroup')) return 'mapNoteGroup';
  return own ?? around;
}

/** A place in a request that takes an id. */
export interface Position {
  name: string;
  guess: Kind | undefined;
  optional: boolean;
}
export type Choice = { owner: 'A' | 'B'; kind: Kind } | 'omit' | 'generic';
export interface Plan {
  label: string;
  choices: Choice[];
}
export type Fill = (position: Position, list: boolean) => unknown;
export const OMIT = Symbol('omitted');
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The calls to make of an operation: with every id position given A's id of each kind in turn;
 * with each position given the kind its name suggests; and, where there are several, with one
 * position given A's id and the others B's own resources (B's group, A's site).
 */
export function plansFor(positions: readonly Position[]): Plan[] {
  if (positions.length === 0) return [{ label: 'no ids', choices: [] }];
  const plans: Plan[] = [];
  if (positions.every((position) => position.optional))
    plans.push({ label: 'ids left out', choices: positions.map(() => 'omit') });
  for (const kind of KINDS)
    plans.push({
      label: `A's ${kind} id everywhere`,
      choices: positions.map(() => ({ owner: 'A', kind })),
    });
  if (new Set(positions.map((position) => position.guess)).size > 1)
    plans.push({ label: "A's ids by their names", choices: guessedChoices(positions) });
  if (positions.length > 1)
    positions.forEach((target, index) => {
      for (const kind of KINDS)
        plans.push({
          label: `A's ${kind} id as ${target.name}, B's own elsewhere`,
          choices: positions.map((position, other) =>
            other === index
              ? { owner: 'A', kind }
              : position.guess
                ? { owner: 'B', kind: position.guess }
                : 'generic',
          ),
        });
    });
  return plans;
}

export const guessedChoices = (positions: readonly Position[]): Choice[] =>
  positions.map((position) => (position.guess ? { owner: 'A', kind: position.guess } : 'generic'));

export function fillFrom(choices: readonly Choice[], ids: { A: Ids; B: Ids }): Fill {
  let index = 0;
  return (_position, list) => {
    const choice = choices[index];
    index += 1;
    if (choice === 'omit') return OMIT;
    const id =
      choice === undefined || choice === 'generic' ? NO_SUCH_ID : ids[choice.owner][choice.kind];
    return list ? [id] : id;
  };
}

/** Collects the id positions of a request in the order its builder meets them. */
export function positionsOf(build: (fill: Fill) => unknown): Position[] {
  const positions: Position[] = [];
  build((position) => {
    positions.push(position);
    return NO_SUCH_ID;
  });
  return positions;
}

let serial = 0;
export const next = () => (serial += 1);

/** Plausible text for an argument or field, by its name (with its input type or route). */
export const TEXT_HINTS: [RegExp, () => string][] = [
  [/\.search$/, () => 'Crossorg'],
  [/email/, () => `crossorg-b-${next()}@example.test`],
  [/\.username$/, () => `crossorg-b-${next()}`],
  [/password/, () => 'Crossorg-b-not-the-password'],
  [/\.start_time$/, () => '2025-06-02T00:00:00.000Z'],
  [/\.end_time$/, () => '2025-06-03T00:00:00.000Z'],
  [/\.(start_date|effective_from)$/, () => '2025-06-01'],
  [/\.end_date$/, () => '2025-06-30'],
  [/\.scheduled_start$/, () => '2025-06-01'],
  [/\.scheduled_end$/, () => '2025-06-30'],
  [/SiteListOptionsInput\.attribute$/, () => 'sid'],
  [/SiteListOptionsInput\.name_format$/, () => 'name'],
  [/TimeExclusionInput\.from$/, () => '07:00'],
  [/TimeExclusionInput\.to$/, () => '09:00'],
  [/\.from$/, () => 'N'],
  [/\.to$/, () => 'S'],
  [/\.direction_two$/, () => 'S'],
  [/\.direction(_one)?$/, () => 'N'],
  [/\.time_zone$/, () => 'Europe/London'],
  [/\.site_type$/, () => SITE_TYPES[0]],
  [/\.class_scheme$/, () => CLASS_SCHEMES[0]?.id ?? 'ARX'],
  [/\.lane_type$/, () => LANE_TYPES[1]],
  [/\.day_range$/, () => DAY_RANGES[0]],
  [/\.status$/, () => STORED_REVIEW_STATUSES[0]],
  [/\.function_name$/, () => 'generate_bills'],
  [/\.valid_from$/, () => '2025-06-01T00:00:00.000Z'],
  [/\.(valid_to|recorded_at)$/, () => '2025-07-01T00:00:00.000Z'],
];
export const textFor = (name: string, parent: string) =>
  TEXT_HINTS.find(([pattern]) => pattern.test(`${parent}.${name}`))?.[1]() ?? `Crossorg b${next()}`;
export const numberFor = (name: string) => (/max/.test(name) ? 30 : 1);

export class CannotExercise extends Error {}

// ---------------------------------------------------------------------------------------------
// GraphQL: arguments and selections from the introspected schema.

export type Types = Map<string, IntrospectionType>;

export const namedOf = (ref: IntrospectionTypeRef): string =>
  ref.kind === 'NON_NULL' || ref.kind === 'LIST' ? namedOf(ref.ofType) : ref.name;
export const printRef = (ref: IntrospectionTypeRef): string =>
  ref.kind === 'NON_NULL'
    ? `${printRef(ref.ofType)}!`
    : ref.kind === 'LIST'
      ? `[${printRef(ref.ofType)}]`
      : ref.name;
/** ID values, and text arguments named as ids (not text fields such as asset_management_id). */
export const isIdPosition = (typeName: string, name: string, topLevel: boolean) =>
  typeName === 'ID' || (topLevel && typeName === 'String' && ID_NAME.test(name));

export function containsId(
  types: Types,
  ref: IntrospectionInputTypeRef,
  name: string,
  seen: string[] = [],
): boolean {
  const typeName = namedOf(ref);
  if (isIdPosition(typeName, name, seen.length === 0)) return true;
  const type = types.get(typeName);
  if (type?.kind !== 'INPUT_OBJECT' || seen.includes(typeName)) return false;
  return type.inputFields.some((field) =>
    containsId(types, field.type, field.name, [...seen, typeName]),
  );
}

/** A value for an argument or input field; input objects get every field, ids come from `fill`. */
export function inputValue(
  types: Types,
  ref: IntrospectionInputTypeRef,
  name: string,
  where: { context: string; parent: string; depth: number },
  fill: Fill,
): unknown {
  const optional = ref.kind !== 'NON_NULL';
  const inner = ref.kind === 'NON_NULL' ? ref.ofType : ref;
  const typeName = namedOf(inner);
  if (isIdPosition(typeName, name, where.depth === 0))
    return fill({ name, guess: guessKind(name, where.context), optional }, inner.kind === 'LIST');
  if (inner.kind === 'LIST') {
    const item = inputValue(types, inner.ofType, name, where, fill);
    return item === OMIT ? OMIT : [item];
  }
  const type = types.get(typeName);
  if (!type) throw new CannotExercise(`unknown type ${typeName}`);
  switch (type.kind) {
    case 'ENUM':
      return type.enumValues[0]?.name ?? OMIT;
    case 'INPUT_OBJECT': {
      if (optional && where.depth > 3) return OMIT;
      const object: Record<string, unknown> = {};
      for (const field of type.inputFields) {
        const value = inputValue(
          types,
          field.type,
          field.name,
          { context: `${where.context} ${type.name}`, parent: type.name, depth: where.depth + 1 },
          fill,
        );
        if (value !== OMIT) object[field.name] = value;
      }
      return object;
    }
    case 'SCALAR':
      if (typeName === 'Int' || typeName === 'Float') return numberFor(name);
      if (typeName === 'Boolean') return true;
      if (typeName === 'JSON') return {};
      return textFor(name, where.parent);
    case 'OBJECT':
    case 'INTERFACE':
    case 'UNION':
      throw new CannotExercise(`${name} is of the output type ${typeName}`);
  }
}

export interface Operation {
  root: 'query' | 'mutation' | 'subscription';
  field: IntrospectionField;
}

/** Arguments sent: required ones, those that take ids, and searches (which could reach A). */
export const sentArguments = (types: Types, operation: Operation) =>
  operation.field.args.filter(
    (argument) =>
      argument.type.kind === 'NON_NULL' ||
      containsId(types, argument.type, argument.name) ||
      argument.name === 'search',
  );

export function argumentValues(
  types: Types,
  operation: Operation,
  fill: Fill,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const argument of sentArguments(types, operation)) {
    const value = inputValue(
      types,
      argument.type,
      argument.name,
      { context: operation.field.name, parent: operation.field.name, depth: 0 },
      fill,
    );
    if (value !== OMIT) values[argument.name] = value;
  }
  return values;
}

/** Every scalar field of the type, and those of its object fields one level down. */
export function selectionOf(types: Types, typeName: string, depth = 0): string {
  const type = types.get(typeName);
  if (!type) throw new CannotExercise(`unknown type ${typeName}`);
  if (type.kind === 'SCALAR' || type.kind === 'ENUM') return '';
  if (type.kind === 'UNION')
    return `__typename ${type.possibleTypes
      .map((possible) => `... on ${possible.name} { ${selectionOf(types, possible.name, depth)} }`)
      .join(' ')}`;
  if (type.kind !== 'OBJECT' && type.kind !== 'INTERFACE')
    throw new CannotExercise(`${typeName} is not an output type`);
  const fields = type.fields.flatMap((field) => {
    if (field.args.some((argument) => argument.type.kind === 'NON_NULL'))
      throw new CannotExercise(`${typeName}.${field.name} needs arguments`);
    const inner = selectionOf(types, namedOf(field.type), depth + 1);
    if (inner === '') return [field.name];
    return depth === 0 ? [`${field.name} { ${inner} }`] : [];
  });
  return fields.length > 0 ? fields.join(' ') : '__typename';
}

export function documentOf(types: Types, operation: Operation): string {
  const sent = sentArguments(types, operation);
  const variables = sent.map((argument) => `$${argument.name}: ${printRef(argument.type)}`);
  const argumentsText = sent.map((argument) => `${argument.name}: $${argument.name}`);
  const selection = selectionOf(types, namedOf(operation.field.type));
  return `${operation.root} CrossOrganisation${variables.length > 0 ? `(${variables.join(', ')})` : ''} {
    ${operation.field.name}${argumentsText.length > 0 ? `(${argumentsText.join(', ')})` : ''}${selection ? ` { ${selection} }` : ''}
  }`;
}

export interface GraphqlCall {
  operation: string;
  label: string;
  query: string;
  variables: Record<string, unknown>;
}

export function graphqlCalls(
  types: Types,
  schema: GraphQLSchema,
  operation: Operation,
  ids: { A: Ids; B: Ids },
): GraphqlCall[] {
  const name = `${operation.root} ${operation.field.name}`;
  const query = documentOf(types, operation);
  const problems = validate(schema, parse(query));
  if (problems.length > 0)
    throw new CannotExercise(problems.map((problem) => problem.message).join('; '));
  const positions = positionsOf((fill) => argumentValues(types, operation, fill));
  return plansFor(positions).map((plan) => ({
    operation: name,
    label: plan.label,
    query,
    variables: argumentValues(types, operation, fillFrom(plan.choices, ids)),
  }));
}

export function operationsOf(introspection: IntrospectionQuery): {
  types: Types;
  operations: Operation[];
} {
  const types: Types = new Map(introspection.__schema.types.map((type) => [type.name, type]));
  const roots = [
    ['query', introspection.__schema.queryType],
    ['mutation', introspection.__schema.mutationType],
    ['subscription', introspection.__schema.subscriptionType],
  ] as const;
  const operations = roots.flatMap(([root, ref]) => {
    const type = ref ? types.get(ref.name) : undefined;
    return type?.kind === 'OBJECT' ? type.fields.map((field) => ({ root, field })) : [];
  });
  return { types, operations };
}

// ---------------------------------------------------------------------------------------------
// REST: requests from the OpenAPI document.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  /** A tuple's positions (a [longitude, latitude] pair). */
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
}
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
export interface OpenApiOperation {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface Route {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export const typeOf = (schema: JsonSchema) =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).find((type) => type !== 'null');
export const isJsonId = (schema: JsonSchema, name: string) =>
  schema.format === 'uuid' ||
  (ID_NAME.test(name) &&
    (typeOf(schema) === 'string' ||
      (typeOf(schema) === 'array' && typeOf(schema.items ?? {}) === 'string')));

export function jsonValue(
  schema: JsonSchema,
  name: string,
  where: { context: string; parent: string },
  fill: Fill,
  overrides: Record<string, unknown> = {},
): unknown {
  const choice = (schema.anyOf ?? schema.oneOf)?.find((option) => typeOf(option) !== undefined);
  if (choice) return jsonValue(choice, name, where, fill, overrides);
  if (isJsonId(schema, name))
    return fill(
      { name, guess: guessKind(name, where.context), optional: false },
      typeOf(schema) === 'array',
    );
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const clamp = (value: number) =>
    Math.min(Math.max(value, schema.minimum ?? value), schema.maximum ?? value);
  switch (typeOf(schema)) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [property, inner] of Object.entries(schema.properties ?? {}))
        object[property] =
          property in overrides ? overrides[property] : jsonValue(inner, property, where, fill);
      return object;
    }
    case 'array':
      if (schema.prefixItems)
        return schema.prefixItems.map((item) => jsonValue(item, name, where, fill));
      return Array.from({ length: schema.minItems ?? 1 }, () =>
        jsonValue(schema.items ?? {}, name, where, fill),
      );
    case 'string': {
      const text =
        schema.format === 'email'
          ? `crossorg-b-${next()}@example.test`
          : textFor(name, where.parent);
      return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number':
      return clamp(numberFor(name));
    case 'boolean':
      return true;
    case undefined:
    default:
      throw new CannotExercise(
        `cannot make a value for ${name || 'the body'} of ${JSON.stringify(schema)}`,
      );
  }
}

export type RestBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'multipart'; form: FormData };

export interface RestRequest {
  url: string;
  body: RestBody;
}

export const sentParameters = (route: Route) =>
  (route.operation.parameters ?? []).filter((parameter) => {
    if (parameter.in === 'path') return false;
    if (parameter.in !== 'query')
      throw new CannotExercise(`cannot send the ${parameter.in} parameter ${parameter.name}`);
    return (
      parameter.required === true ||
      parameter.name === 'filter' ||
      ID_NAME.test(parameter.name) ||
      isJsonId(parameter.schema ?? {}, parameter.name)
    );
  });

export const multipartOf = (route: Route) =>
  route.operation.requestBody?.content['multipart/form-data'] !== undefined ||
  (!route.operation.requestBody && /multipart/i.test(route.operation.summary ?? ''));

/** The URL and JSON body of one call; multipart bodies are added by the caller. */
export function restRequest(
  route: Route,
  fill: Fill,
  overrides: Record<string, unknown> = {},
): RestRequest {
  const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string, offset: number) => {
    const before = route.path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
    return encodeURIComponent(
      String(fill({ name, guess: guessKind(name, before), optional: false }, false)),
    );
  });
  const search = new URLSearchParams();
  for (const parameter of sentParameters(route)) {
    const schema = parameter.schema ?? {};
    const value =
      parameter.name in overrides
        ? overrides[parameter.name]
        : parameter.name === 'filter'
          ? '{}'
          : ID_NAME.test(parameter.name)
            ? fill(
                {
                  name: parameter.name,
                  guess: guessKind(parameter.name, route.path),
                  optional: parameter.required !== true,
                },
                false,
              )
            : jsonValue(schema, parameter.name, { context: route.path, parent: route.path }, fill);
    if (value === OMIT) continue;
    search.set(parameter.name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = search.toString();
  const requestBody = route.operation.requestBody;
  let body: RestBody = { kind: 'none' };
  if (requestBody && !multipartOf(route)) {
    const json = requestBody.content['application/json'];
    if (!json?.schema)
      throw new CannotExercise(
        `cannot send a body of ${Object.keys(requestBody.content).join(', ')}`,
      );
    body = {
      kind: 'json',
      value: jsonValue(
        json.schema,
        '',
        { context: route.path, parent: route.path },
        fill,
        overrides,
      ),
    };
  }
  return { url: `${url}${query ? `?${query}` : ''}`, body };
}

/** Other values of each enum in the query and top-level body, one call each (roles, locales). */
export function enumOverrides(route: Route): Record<string, unknown>[] {
  const enums: [string, unknown[]][] = [];
  for (const parameter of route.operation.parameters ?? [])
    if (parameter.in === 'query' && parameter.schema?.enum)
      enums.push([parameter.name, parameter.schema.enum]);
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  for (const [property, inner] of Object.entries(schema?.properties ?? {}))
    if (inner.enum) enums.push([property, inner.enum]);
  return enums.flatMap(([name, values]) => values.slice(1).map((value) => ({ [name]: value })));
}

/** The routes the server answers, from Fastify's route tree, as `METHOD /path`. */
export function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${depth > 0 ? (stack[depth - 1] ?? '') : ''}${match[2] ?? ''}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', '))
      if (method && method !== 'HEAD') routes.push(`${method} ${normalisePath(path)}`);
  }
  return routes;
}
export const normalisePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');

/** Routes that serve no organisation's data and so stay out of the document; each says why. */
export const OUTSIDE_THE_DOCUMENT: Record<string, string> = {
  'GET /core/api/openapi.json': 'the document itself',
  'POST /gql/v1/graphql': 'GraphQL, whose operations are enumerated by introspection',
  'GET /gql/v1/graphql': 'GraphQL over GET and its websocket, enumerated by introspection',
  // @fastify/static's wildcard route, /*, which the route tree prints as *.
  'GET *': "the web app's files, read from its build directory",
};

/**
 * The text of an answer, headers included (a download's file name), with the cells of a workbook
 * read out (xlsx is zipped).
 */
export async function answerText(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004')
    return `${headers}\n\n${bytes.toString('utf8')}`;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    cells.push(sheet.name);
    sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
  });
  return `${headers}\n\n${cells.join('\n')}`;
}
