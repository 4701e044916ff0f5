/** A problem in an uploaded file, located precisely enough for a user to fix it. */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly location: { file?: string; line?: number; field?: string } = {},
  ) {
    super(FormatError.describe(message, location));
    this.name = 'FormatError';
  }

  private static describe(
    message: string,
    { file, line, field }: { file?: string; line?: number; field?: string },
  ): string {
    const where = [
      file,
      line === undefined ? undefined : `line ${line}`,
      field === undefined ? undefined : `field '${field}'`,
    ].filter((part) => part !== undefined);
    return where.length > 0 ? `${where.join(', ')}: ${message}` : message;
  }
}
