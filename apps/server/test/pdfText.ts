import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by the product shows, a line per TJ array: PDFKit writes each line as hex
 * strings in TJ arrays, in deflated content streams, in the standard fonts' WinAnsi encoding
 * (0x96 is the en dash of a period or a missing figure).
 */
export function pdfText(bytes: Buffer): string {
  const lines: string[] = [];
  const latin = bytes.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let found = streams.exec(latin); found; found = streams.exec(latin)) {
    const start = found.index + found[0].length;
    const end = latin.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      content = latin.slice(start, end);
    }
    for (const line of content.matchAll(/\[(.*?)\] TJ/g))
      lines.push(
        [...(line[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return lines.join('\n').replaceAll('\x96', '–');
}
