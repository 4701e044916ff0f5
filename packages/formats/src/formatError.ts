import {
  formatErrorMessage,
  type FormatErrorKey,
  type FormatErrorLocation,
} from '@roadcount/domain';

type FormatErrorParams = Record<string, string | number>;

/**
 * A problem in an uploaded file, located precisely enough for a user to fix it. Its message is
 * the English of a catalogued problem (FORMAT_ERROR_MESSAGES), which the web shows in the
 * user's language.
 */
export class FormatError extends Error {
  constructor(
    readonly key: FormatErrorKey,
    readonly params: FormatErrorParams = {},
    readonly location: FormatErrorLocation = {},
  ) {
    super(formatErrorMessage(key, params, location));
    this.name = 'FormatError';
  }
}
