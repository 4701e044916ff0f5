import { describe, expect, it } from 'vitest';
import {
  messageForStatus,
  SERVER_MESSAGES,
  serverMessage,
  serverMessageKey,
} from './errorCatalogue.ts';

describe('messageForStatus', () => {
  it('uses the catalogue wording for the statuses SPEC section 8 names', () => {
    expect(messageForStatus(403)).toBe("You aren't currently authorised for this resource");
    expect(messageForStatus(503)).toBe("We're down for a moment");
  });

  it('shows the status and its text for other statuses', () => {
    expect(messageForStatus(429)).toBe('429 Too Many Requests');
    expect(messageForStatus(418, "I'm a teapot")).toBe("418 I'm a teapot");
  });
});

describe('catalogued server messages', () => {
  it('fill their parameters and are read back with them', () => {
    const message = serverMessage('siteNamesTaken', { names: 'Mill Lane, Quay Street' });
    expect(message).toBe('Site names are unique; already taken: Mill Lane, Quay Street');
    expect(serverMessageKey(message)).toEqual({
      key: 'siteNamesTaken',
      params: { names: 'Mill Lane, Quay Street' },
    });
    expect(serverMessageKey('A note is at most 5000 characters.')).toEqual({
      key: 'noteTooLong',
      params: { max: '5000' },
    });
    expect(serverMessageKey(SERVER_MESSAGES.invalidCredentials)?.key).toBe('invalidCredentials');
    // Text that merely resembles one is not taken for it.
    expect(serverMessageKey('A note is at most 5000 characters')).toBeUndefined();
  });
});
