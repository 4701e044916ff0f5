import { controlCharacterPath, serverMessage } from '@roadcount/domain';
import { BREAK, valueFromASTUntyped, visit, type DocumentNode, type ValueNode } from 'graphql';

/**
 * Why an operation's input is refused: a text with a control character in its variables, in an
 * argument written in the document, or in a variable's default, named where it is
 * (`note.text`, `name`). Undefined when every text is plain.
 */
export function controlCharacterProblem(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): string | undefined {
  const inVariables = controlCharacterPath(variables ?? {});
  if (inVariables !== undefined) return serverMessage('controlCharacters', { field: inVariables });
  let found: string | undefined;
  const check = (value: ValueNode, name: string) => {
    found = controlCharacterPath(valueFromASTUntyped(value), name);
    return found === undefined ? undefined : BREAK;
  };
  visit(document, {
    Argument: (node) => check(node.value, node.name.value),
    VariableDefinition: (node) =>
      node.defaultValue ? check(node.defaultValue, node.variable.name.value) : undefined,
  });
  return found === undefined ? undefined : serverMessage('controlCharacters', { field: found });
}
