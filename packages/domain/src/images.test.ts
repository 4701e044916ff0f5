import { describe, expect, it } from 'vitest';
import { imageContentType, imageNameProblem, looksLikeImage } from './images.ts';

describe('image uploads', () => {
  it('take jpeg, jpg and png only, whatever the case of the extension', () => {
    expect(imageContentType('kerb.JPG')).toBe('image/jpeg');
    expect(imageContentType('kerb.jpeg')).toBe('image/jpeg');
    expect(imageContentType('site plan.png')).toBe('image/png');
    expect(imageContentType('kerb.gif')).toBeNull();
    expect(imageContentType('kerb.png.exe')).toBeNull();
    expect(imageContentType('png')).toBeNull();
  });

  it('refuse a name the organisation already has, without regard to case', () => {
    expect(imageNameProblem('Kerb.jpg', ['kerb.JPG'])).toBe('exists');
    expect(imageNameProblem('kerb.jpg', ['other.jpg'])).toBeUndefined();
    expect(imageNameProblem('notes.txt', [])).toBe('type');
  });

  it('recognise a PNG or JPEG by its first bytes', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(looksLikeImage(png, 'image/png')).toBe(true);
    expect(looksLikeImage(png, 'image/jpeg')).toBe(false);
    expect(looksLikeImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBe(true);
    expect(looksLikeImage(new TextEncoder().encode('hello'), 'image/png')).toBe(false);
  });
});
