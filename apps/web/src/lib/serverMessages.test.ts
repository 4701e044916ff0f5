import { afterAll, describe, expect, it } from 'vitest';
import {
  FORMAT_ERROR_MESSAGES,
  LOCALES,
  RECOGNITION_MESSAGES,
  SERVER_MESSAGES,
  serverMessage,
} from '@roadcount/domain';
import { changeLocale, resources } from '@/i18n/i18n.ts';
import { RequestError } from './http.ts';
import { localiseServerMessage } from './serverMessages.ts';

describe('messages from the server', () => {
  afterAll(() => changeLocale('en-GB'));

  it('each catalogued one has its own text in every language, the English being the server’s', () => {
    for (const locale of LOCALES) {
      const messages = (
        resources[locale].translation as { serverMessages?: Record<string, string> }
      ).serverMessages;
      for (const [key, english] of Object.entries(SERVER_MESSAGES)) {
        const text = messages?.[key];
        expect(text, `${locale} serverMessages.${key}`).toBeTruthy();
        if (locale === 'en-GB') expect(text).toBe(english);
        else expect(text, `${locale} serverMessages.${key}`).not.toBe(english);
      }
    }
  });

  it('each reason a file was not recognised has its own text in every language', () => {
    for (const locale of LOCALES) {
      const messages = (
        resources[locale].translation as { formatRecognition?: Record<string, string> }
      ).formatRecognition;
      for (const [key, english] of Object.entries(RECOGNITION_MESSAGES)) {
        const text = messages?.[key];
        expect(text, `${locale} formatRecognition.${key}`).toBeTruthy();
        if (locale === 'en-GB') expect(text).toBe(english);
        else expect(text, `${locale} formatRecognition.${key}`).not.toBe(english);
      }
    }
  });

  it('each problem a reader finds in a file, and where it is, has its own text in every language', () => {
    for (const locale of LOCALES) {
      const translation = resources[locale].translation as {
        formatErrors?: Record<string, string>;
        formatErrorLocation?: Record<string, string>;
      };
      for (const [key, english] of Object.entries(FORMAT_ERROR_MESSAGES)) {
        const text = translation.formatErrors?.[key];
        expect(text, `${locale} formatErrors.${key}`).toBeTruthy();
        if (locale === 'en-GB') expect(text).toBe(english);
        else expect(text, `${locale} formatErrors.${key}`).not.toBe(english);
        // The file's own text and the counts are parameters every language keeps.
        const names = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].sort();
        expect(names(text ?? '').map(String), `${locale} formatErrors.${key}`).toEqual(
          names(english).map(String),
        );
      }
      for (const key of ['line', 'field', 'located'])
        expect(translation.formatErrorLocation?.[key], `${locale} ${key}`).toBeTruthy();
    }
  });

  it('say in the user’s language what is wrong in a file and where, its own text kept', async () => {
    await changeLocale('fr');
    const stored = "london.csv, line 12, field 'speed': 'abc' is not a number";
    expect(localiseServerMessage(stored)).toBe(
      "london.csv, ligne 12, champ « speed » : « abc » n'est pas un nombre",
    );
    await changeLocale('es');
    // Line 40110 and the speed -3.5 in Spanish numbers: 40.110 and -3,5.
    expect(
      localiseServerMessage("counts.csv, line 40110, field 'speed_kmh': speed -3.5 is negative"),
    ).toBe('counts.csv, línea 40.110, campo «speed_kmh»: la velocidad -3,5 es negativa');
    await changeLocale('nl-NL');
    // A problem that holds ': ' itself, after a file name that holds ', '.
    expect(
      localiseServerMessage(
        'week 2, A33.txt: the vehicle table is empty: the file ends after its header',
      ),
    ).toBe('week 2, A33.txt: de voertuigtabel is leeg: het bestand eindigt na de kopregel');
    await changeLocale('it');
    // The server wrote 12,000 files and a limit of 10,000 as English numbers: 12.000 and 10.000.
    expect(
      localiseServerMessage(
        'book.xlsx: the workbook holds 12,000 files, more than the 10,000 an xlsx workbook may hold: the workbook is refused unread',
      ),
    ).toBe(
      'book.xlsx: la cartella di lavoro contiene 12.000 file, più dei 10.000 che una cartella di lavoro xlsx può contenere: la cartella di lavoro è rifiutata senza leggerla',
    );
  });

  it('say in the user’s language where and why a file was not recognised', async () => {
    await changeLocale('fr');
    expect(
      localiseServerMessage(
        "counts.csv, line 4, field 'Veh. No.': the format is not recognised: 'Veh No;Date' is not the 'Veh. No.,' header of a Jamar CSV's vehicle table",
      ),
    ).toBe(
      "counts.csv, ligne 4, champ « Veh. No. » : le format n'est pas reconnu : « Veh No;Date » n'est pas l'en-tête « Veh. No., » du tableau des véhicules d'un CSV Jamar",
    );
    await changeLocale('nl-NL');
    expect(
      localiseServerMessage(
        "notes.txt, line 1: the format is not recognised: 'hello' does not begin any format Roadcount reads; expected a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx",
      ),
    ).toBe(
      "notes.txt, regel 1: het formaat wordt niet herkend: 'hello' is niet het begin van een formaat dat Roadcount leest; verwacht: een MetroCount-voertuiglijst, een Jamar-, Roadcount- of Eco-Counter-CSV, of een xlsx van het nationale platform",
    );
  });

  it('reach the user in their language: the sign-in error in French', async () => {
    await changeLocale('fr');
    const error = new RequestError(401, SERVER_MESSAGES.invalidCredentials);
    expect(error.message).toBe('Aucun compte actif ne correspond à ces identifiants');
    // A message the catalogue does not know is shown as the server wrote it.
    expect(localiseServerMessage('line 6, field direction')).toBe('line 6, field direction');
  });

  it("tell a task's outcome in the user's language", async () => {
    await changeLocale('fr');
    const rebuilt = serverMessage('taskRollupsRebuilt', {
      site: 'A33 Bypass',
      rows: 7,
      files: 2,
      flagged: 1,
    });
    expect(rebuilt).toBe('A33 Bypass: 7 daily rollups from 2 files; 1 bad-data periods flagged');
    expect(localiseServerMessage(rebuilt)).toBe(
      'A33 Bypass : 7 agrégats journaliers à partir de 2 fichiers ; 1 périodes de données douteuses signalées',
    );
    // The same outcome with the surveys it completed is its own message, not a prefix on this.
    const withSurveys = serverMessage('taskRollupsRebuiltSurveys', {
      site: 'A33 Bypass',
      rows: 7,
      files: 2,
      flagged: 1,
      surveys: 2,
    });
    expect(localiseServerMessage(withSurveys)).toBe(
      'A33 Bypass : 7 agrégats journaliers à partir de 2 fichiers ; 1 périodes de données douteuses signalées ; 2 enquête(s) terminée(s)',
    );
    await changeLocale('es');
    expect(
      localiseServerMessage(
        serverMessage('taskFileProcessed', {
          vehicles: 40110,
          file: 'kings-road.csv',
          site: 'Kings Road',
          rule: 'gps',
          status: 'PDC',
        }),
      ),
    ).toBe('40.110 vehículos de kings-road.csv asignados a Kings Road (por posición); Superado');
  });
});
