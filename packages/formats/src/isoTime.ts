import type { LocalTimeConverter } from './localTime.ts';

const digit = (text: string, index: number) => text.charCodeAt(index) - 48;
const two = (text: string, index: number) => digit(text, index) * 10 + digit(text, index + 1);

/**
 * Epoch ms of `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH:MM]`, parsed by hand for speed. A time without
 * an offset is local time in the converter's zone. NaN for anything else.
 */
export function parseIsoTimestamp(text: string, local: LocalTimeConverter | undefined): number {
  if (
    text.length < 19 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[13] !== ':' ||
    text[16] !== ':'
  )
    return Number.NaN;
  const year = two(text, 0) * 100 + two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  const second = two(text, 17);
  let index = 19;
  let ms = 0;
  if (text[index] === '.') {
    let scale = 100;
    index += 1;
    while (index < text.length && text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57) {
      ms += digit(text, index) * scale;
      scale /= 10;
      index += 1;
    }
  }
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return Number.NaN;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return Number.NaN;
  const rest = text.slice(index);
  if (rest === 'Z' || rest === 'z') return Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (rest === '')
    return local ? local.toUtcMs(year, month, day, hour, minute, second, ms) : Number.NaN;
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(rest);
  if (!offset) return Number.NaN;
  const sign = offset[1] === '-' ? -1 : 1;
  const offsetMs = sign * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMs;
}
