/** SPEC section 5: the image types an image upload takes. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;

/** Messages of the image upload rules, keyed so that the web app can show them translated. */
export const IMAGE_MESSAGES = {
  type: 'Only jpeg, jpg and png images are accepted',
  exists: 'File name already exists',
} as const;

export type ImageProblem = keyof typeof IMAGE_MESSAGES;

/** The content type of an image name's extension, or null when it is not jpeg, jpg or png. */
export function imageContentType(fileName: string): 'image/jpeg' | 'image/png' | null {
  const extension = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  return null;
}

/**
 * Why an image cannot be uploaded under this name, or undefined when it can: its type, or a name
 * the organisation already has (compared without regard to case).
 */
export function imageNameProblem(
  fileName: string,
  existingNames: Iterable<string>,
): ImageProblem | undefined {
  if (imageContentType(fileName) === null) return 'type';
  const wanted = fileName.trim().toLowerCase();
  for (const name of existingNames) if (name.toLowerCase() === wanted) return 'exists';
  return undefined;
}

/** Whether the bytes start as a JPEG or PNG does, so that a renamed file is not taken as one. */
export function looksLikeImage(firstBytes: Uint8Array, contentType: 'image/jpeg' | 'image/png') {
  if (contentType === 'image/png') {
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    return signature.every((byte, index) => firstBytes[index] === byte);
  }
  return firstBytes[0] === 0xff && firstBytes[1] === 0xd8 && firstBytes[2] === 0xff;
}
