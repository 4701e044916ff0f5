import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..', 'src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Messages written in place, which the web app never provokes: each answers an API caller's
 * malformed request (an argument outside its allowed values, a body that is not multipart),
 * which the web's own forms rule out before sending. Everything a user can meet goes through
 * the catalogue (SERVER_MESSAGES in packages/domain) and is translated.
 */
const API_CALLER_MESSAGES: RegExp[] = [
  /^`Unknown locale /,
  /^`\$\{path \? /,
  /^'siteId: say which site/,
  /^'Send the (images|files) as multipart\/form-data\./,
  /^'No (image|file) was sent: use the fields file-0/,
  /^`sort must be one of /,
  /^`alignment: directions must be/,
  /^`\$\{where\}\$\{issue\?\.message/,
  /^`Unknown kind /,
  /^'message\.trafficdatafile_id must name/,
  /^'function_id must be 1 to 100/,
  /^`\$\{name\} '/,
  /^`day_range must be one of/,
  /^`tab must be active, completed or deleted/,
  /^`page_size must be one of/,
  /^'site_list\.attribute must be/,
  /^`aggregation_minutes must be one of/,
  /^'filter must be the filter payload as JSON/,
  /^`vehicle_exclusions: '/,
  /^`Unexpected file field '/,
  /^`class_scheme must be one of/,
  /^`filters must be among/,
  /^'site_list\.name_format must be/,
  /^`At most \$\{MAX_TASKS_ASKED\} task ids/,
  /^`Unknown function_name '/,
  /^'Send the feedback as multipart\/form-data\./,
  /^`\$\{part\.fieldname\}: attachments go in file-0/,
  /^`feedback: \$\{problem\}`/,
  /^'year must be a year from 1990 to 2100'/,
  /^`top must be from 1 to /,
];

describe('server messages', () => {
  it('a user can meet come from the translated catalogue, not text written in place', () => {
    const inPlace: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new HttpError\(\s*\d{3},\s*(['"`][^\n]*)/g)) {
        const message = match[1] ?? '';
        if (!API_CALLER_MESSAGES.some((pattern) => pattern.test(message)))
          inPlace.push(`${relative(sourceRoot, file)}: ${message.slice(0, 70)}`);
      }
    }
    expect(inPlace).toEqual([]);
  });

  it("a task's progress, outcome and failure come from the catalogue too", () => {
    // What the Tasks card, the uploads list and the site tools show while a task runs and after.
    const shapes = [
      /throw new PermanentTaskError\(\s*(['"`][^\n]*)/g,
      /\.progress\(\s*task,\s*(['"`][^\n]*)/g,
      /^\s*message:\s*(['"`][^\n]*)/gm,
      /const message = (['"`][^\n]*)/g,
    ];
    // An API caller's malformed request (the web sends one or the other) and an oversized answer
    // to a hand-written query: no user of the web app meets either.
    // The configuration's checks speak to whoever starts the server, in its log, before any user.
    const callerOnly = [
      'features/tmgExport/tmgExport.routes.ts',
      'infra/graphql/rawJson.ts',
      'config.ts',
    ];
    const inPlace: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      const name = relative(sourceRoot, file);
      if (callerOnly.includes(name)) continue;
      const text = readFileSync(file, 'utf8');
      for (const shape of shapes)
        for (const match of text.matchAll(shape))
          inPlace.push(`${name}: ${(match[1] ?? '').slice(0, 70)}`);
    }
    expect(inPlace).toEqual([]);
  });
});
