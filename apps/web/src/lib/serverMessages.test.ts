import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES, SERVER_MESSAGES } from '@roadcount/domain';
import { changeLocale, resources } from '../i18n/i18n.ts';
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

  it('reach the user in their language: the sign-in error in French', async () => {
    await changeLocale('fr');
    const error = new RequestError(401, SERVER_MESSAGES.invalidCredentials);
    expect(error.message).toBe('Aucun compte actif ne correspond à ces identifiants');
    // A message the catalogue does not know is shown as the server wrote it.
    expect(localiseServerMessage('line 6, field direction')).toBe('line 6, field direction');
  });
});
