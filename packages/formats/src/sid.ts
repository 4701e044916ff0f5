/** The site id a counter operator wrote into a description or attribute as `SID:<id>`. */
export function findSiteId(...texts: (string | undefined)[]): string | undefined {
  for (const text of texts) {
    const match = text ? /\bSID:\s*([0-9a-fA-F-]{36}|[\w-]+)/.exec(text) : null;
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** Coordinates written in a description or attribute, e.g. `-33.8651, 151.2099` or `GPS: 51.5,-0.12`. */
export function findCoordinates(
  ...texts: (string | undefined)[]
): { latitude: number; longitude: number } | undefined {
  for (const text of texts) {
    const match = text ? /(-?\d{1,2}\.\d{3,})\s*[,;\s]\s*(-?\d{1,3}\.\d{3,})/.exec(text) : null;
    if (!match) continue;
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { latitude, longitude };
  }
  return undefined;
}
