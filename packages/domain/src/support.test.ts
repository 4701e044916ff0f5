import { describe, expect, it } from 'vitest';
import { isSendableSupportText, shortAttachmentName, supportTextSchema } from './support.ts';

describe('support messages', () => {
  it('sends only more than 5 characters', () => {
    expect(isSendableSupportText('12345')).toBe(false);
    expect(isSendableSupportText('  12345  ')).toBe(false);
    expect(isSendableSupportText('123456')).toBe(true);
    expect(supportTextSchema.safeParse('Hello').success).toBe(false);
    expect(supportTextSchema.parse('  Hello!  ')).toBe('Hello!');
  });

  it('shortens attachment names to 10 characters plus the extension', () => {
    expect(shortAttachmentName('quarterly-report.pdf')).toBe('quarterly-.pdf');
    expect(shortAttachmentName('map.png')).toBe('map.png');
    expect(shortAttachmentName('screenshot-2026-11-25.final.png')).toBe('screenshot.png');
    expect(shortAttachmentName('README-without-extension')).toBe('README-wit');
    expect(shortAttachmentName('.hidden')).toBe('.hidden');
  });
});
