/** Splits one CSV line, honouring double-quoted fields with doubled quotes inside. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === delimiter) {
      fields.push(field);
      field = '';
    } else field += character;
  }
  fields.push(field);
  return fields;
}

/**
 * A field of a CSV file the product writes, which someone may open in a spreadsheet. Text that
 * a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading apostrophe, so that it shows as the text it is; fields holding a
 * comma, quote or line end are quoted. Numbers are written as numbers, negative ones too: pass
 * numeric columns as numbers (or as `{ number: text }` for a number already formatted).
 */
/** A cell of a CSV file the product writes: text, a number, or a number already formatted. */
export type CsvCell = string | number | { number: string } | null | undefined;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = typeof value === 'string' ? value.replace(/^[=+\-@\t\r]/, "'$&") : value.number;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One line of a CSV file the product writes, each cell through `csvField`, without its line end:
 * every CSV export (reports, site lists, the vehicles download, bills, manifests) writes its rows
 * with this, so that none writes a site's name as a formula.
 */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',');
}
