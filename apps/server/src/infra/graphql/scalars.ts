import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.OBJECT:
      return Object.fromEntries(
        node.fields.map((field) => [field.name.value, literalValue(field.value)]),
      );
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.NULL:
      return null;
    case Kind.VARIABLE:
    case Kind.ENUM:
      return undefined;
  }
}

/** Free-form JSON, for preferences and logs whose keys SPEC leaves open. */
export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});
