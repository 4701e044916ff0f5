import contentDisposition from 'content-disposition';

/**
 * The `Content-Disposition` of a download named `fileName` (RFC 6266): `filename=` an ASCII
 * fallback for old clients (accents dropped, other characters as `_`), and `filename*=` the
 * exact name in UTF-8 (RFC 5987) when it differs. A header may hold only Latin-1, so a name
 * such as `Kreuzung Straße 東京.csv` written as it is would fail the whole answer.
 */
export function attachment(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return contentDisposition(fileName, { type: 'attachment', fallback });
}
