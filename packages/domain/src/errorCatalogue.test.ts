import { describe, expect, it } from 'vitest';
import { messageForStatus } from './errorCatalogue.ts';

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
