// Prints figures for the hot paths that exist so far. No assertions: read the numbers.
import { percentileInc } from '@roadcount/analytics';
import { readLines } from '@roadcount/formats';
import { Readable } from 'node:stream';

function measure<T>(label: string, work: () => T, unit: string, units: number): T {
  const started = process.hrtime.bigint();
  const result = work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `${label}: ${(units / seconds / 1e6).toFixed(1)} M ${unit}/s (${seconds.toFixed(3)} s)`,
  );
  return result;
}

const vehicles = 5_000_000;
const speeds = new Float64Array(vehicles);
for (let index = 0; index < vehicles; index += 1) speeds[index] = 5 + ((index * 7919) % 3000) / 100;
measure('sort 5M speeds', () => speeds.sort(), 'values', vehicles);
const percentileStarted = process.hrtime.bigint();
const p85 = percentileInc(speeds, 85);
const percentileMicros = Number(process.hrtime.bigint() - percentileStarted) / 1e3;
console.log(
  `85th percentile of sorted 5M: ${p85.toFixed(2)} m/s in ${percentileMicros.toFixed(1)} µs`,
);

const line = ' 0001  2025-03-04 07:15:02.123  1  12.4  3.7  2\n';
const lineCount = 1_000_000;
const block = line.repeat(10_000);
const text = () => Readable.from(Array.from({ length: lineCount / 10_000 }, () => block));
const started = process.hrtime.bigint();
let lines = 0;
for await (const numbered of readLines(text())) lines = numbered.lineNumber;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const megabytes = (line.length * lines) / 1e6;
console.log(
  `readLines: ${(megabytes / seconds).toFixed(0)} MB/s, ${lines} lines in ${seconds.toFixed(3)} s`,
);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
