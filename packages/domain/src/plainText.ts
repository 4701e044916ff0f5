import { z } from 'zod';

/**
 * Control characters (Unicode Cc) but tab, line feed and carriage return: no one types them,
 * PostgreSQL refuses NUL outright, and the others hide text or break the files text goes into.
 */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

/** What a field holding one is told, after its name; the catalogues quote it. */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The string every free-text input is made of: text without control characters. Schemas chain
 * their own rules after it (`plainText().trim().min(1)`); `message` words the refusal for a
 * catalogue of its own, `typeError` what a value that is not a string is told.
 */
export function plainText(options: { message?: string; typeError?: string } = {}) {
  return z
    .string(options.typeError === undefined ? undefined : { error: options.typeError })
    .refine((text) => !hasControlCharacters(text), options.message ?? CONTROL_CHARACTERS_MESSAGE);
}

/**
 * Where in a value read from a request (JSON: objects, arrays, strings) the first string with a
 * control character is, as a path (`input.name`, `site_ids.3`); undefined when there is none.
 * Keys count as text too.
 */
export function controlCharacterPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key)) return at;
    const found = controlCharacterPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
