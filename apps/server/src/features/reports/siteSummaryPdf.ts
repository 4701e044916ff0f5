import type { ExplanationLine } from '@roadcount/domain';
import PDFDocument from 'pdfkit';
import {
  COUNT_MODE_NAMES,
  COUNT_MODE_UNITS,
  countDirectionsOf,
  countsOnly,
  DIRECTION_NAMES,
  directionsOf,
  speedIn,
  SPEED_UNITS,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';
import { reportPeriodText, roundedShare } from './reportPeriod.ts';
import { aggregationName, periodRow, settingsRows } from './standardWorkbook.ts';

const PRIMARY = '#005bbd';
const SERIES = [
  '#005bbd',
  '#e07b00',
  '#2e7d32',
  '#8e24aa',
  '#c62828',
  '#00838f',
  '#6d4c41',
  '#546e7a',
];
const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 portrait, points
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
/** Below this a table row or setting goes on to the next page (A4 is 841.89 points high). */
const PAGE_BOTTOM = 841.89 - MARGIN - 24;

type Doc = PDFKit.PDFDocument;

const figure = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '–'
    : value.toLocaleString('en-GB', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      });

/** A row of statistic cards: label above, value below, in boxes across the page. */
function cards(doc: Doc, top: number, items: [string, string][]): number {
  const perRow = 4;
  const gap = 8;
  const width = (CONTENT - gap * (perRow - 1)) / perRow;
  const height = 46;
  items.forEach(([label, value], index) => {
    const x = MARGIN + (index % perRow) * (width + gap);
    const y = top + Math.floor(index / perRow) * (height + gap);
    doc.roundedRect(x, y, width, height, 4).lineWidth(0.6).strokeColor('#c5cbd3').stroke();
    doc
      .fillColor('#5f6b7a')
      .fontSize(7.5)
      .text(label, x + 8, y + 7, { width: width - 16 });
    doc
      .fillColor('#111')
      .fontSize(13)
      .text(value, x + 8, y + 22, { width: width - 16 });
  });
  return top + Math.ceil(items.length / perRow) * (height + gap);
}

/**
 * The first page's table: one row per site with its headline figures (vehicles, ADT, AADT,
 * average and 85th percentile speeds, commercial share, share above the limit), as the site
 * pages give them; a counter of bikes or people gives its counts per mode.
 */
function headlineTable(doc: Doc, figures: readonly SiteFigures[], context: ReportContext) {
  const unit = SPEED_UNITS[context.parameters.units].label;
  const speed = (mps: number | null) => speedIn(context.parameters.units, mps);
  const columns: { title: string; width: number }[] = [
    { title: 'Site', width: 115 },
    { title: 'Counted', width: 56 },
    { title: 'ADT', width: 44 },
    { title: 'AADT', width: 44 },
    { title: `Average (${unit})`, width: 62 },
    { title: `85th % (${unit})`, width: 62 },
    { title: 'Commercial', width: 66 },
    { title: 'Above limit', width: 66 },
  ];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, index) => {
      const width = columns[index]?.width ?? 50;
      doc
        .fillColor(bold ? '#5f6b7a' : '#111')
        .fontSize(bold ? 7.5 : 8.5)
        .text(cell, x, y, { width: width - 4, align: index === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc
      .moveTo(MARGIN, bottom + 2)
      .lineTo(MARGIN + CONTENT, bottom + 2)
      .lineWidth(0.4)
      .strokeColor('#dde2e8')
      .stroke();
    doc.y = bottom + 5;
    doc.x = MARGIN;
  };
  doc.fillColor(PRIMARY).fontSize(12).text('Headline figures', MARGIN);
  doc.moveDown(0.4);
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const site of figures) {
    const stats = site.summary;
    const aadt = context.aadt(site).value;
    if (countsOnly(site) && site.counts) {
      const counts = site.counts;
      const total = counts.modes
        .map((mode) => `${figure(counts.totals[mode])} ${COUNT_MODE_UNITS[mode]}`)
        .join(', ');
      row([site.site_name, total, '–', figure(aadt), '–', '–', '–', '–'], false);
      continue;
    }
    row(
      [
        site.site_name,
        figure(stats.vehicles),
        figure(stats.adt),
        figure(aadt),
        figure(speed(stats.averageSpeedMps), 1),
        figure(speed(stats.speed85thMps), 1),
        stats.percentCommercial === null
          ? '–'
          : `${figure(roundedShare(stats.percentCommercial), 1)} %`,
        site.speeding
          ? `${figure(roundedShare(site.speeding.aboveLimit.sharePercent), 1)} %`
          : 'no limit',
      ],
      false,
    );
  }
}

/**
 * A chart of series over categories: bars (grouped) or lines, with a value axis of round
 * steps, category labels thinned to fit, and a legend. Answers the y below it.
 */
function chart(
  doc: Doc,
  top: number,
  options: {
    title: string;
    labels: string[];
    series: { name: string; values: (number | null)[] }[];
    kind: 'bars' | 'lines';
    unit: string;
    height?: number;
  },
): number {
  const height = options.height ?? 150;
  doc.fillColor('#111').fontSize(10).text(options.title, MARGIN, top);
  const plotTop = top + 18;
  const left = MARGIN + 34;
  const width = CONTENT - 34;
  const all = options.series.flatMap((entry) =>
    entry.values.filter((v): v is number => v !== null),
  );
  const max = Math.max(1, ...all);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => max / s <= 5) ?? magnitude;
  const axisTop = Math.ceil(max / step) * step;
  const y = (value: number) => plotTop + height - (value / axisTop) * height;
  doc.lineWidth(0.4).strokeColor('#dde2e8');
  doc.fontSize(6.5).fillColor('#5f6b7a');
  for (let value = 0; value <= axisTop + step / 2; value += step) {
    doc
      .moveTo(left, y(value))
      .lineTo(left + width, y(value))
      .stroke();
    doc.text(figure(value, step < 1 ? 1 : 0), MARGIN, y(value) - 3, { width: 30, align: 'right' });
  }
  const count = Math.max(1, options.labels.length);
  const slot = width / count;
  options.series.forEach((entry, seriesIndex) => {
    const colour = SERIES[seriesIndex % SERIES.length] ?? PRIMARY;
    if (options.kind === 'bars') {
      const barWidth = Math.max(0.5, (slot * 0.8) / options.series.length);
      entry.values.forEach((value, index) => {
        if (value === null || value <= 0) return;
        const x = left + index * slot + slot * 0.1 + seriesIndex * barWidth;
        doc
          .rect(x, y(value), barWidth, plotTop + height - y(value))
          .fillColor(colour)
          .fill();
      });
    } else {
      let drawing = false;
      entry.values.forEach((value, index) => {
        const x = left + index * slot + slot / 2;
        if (value === null) {
          drawing = false;
          return;
        }
        if (drawing) doc.lineTo(x, y(value));
        else doc.moveTo(x, y(value));
        drawing = true;
      });
      doc.lineWidth(1).strokeColor(colour).stroke();
    }
  });
  // Category labels, thinned so that they do not overlap.
  const every = Math.max(1, Math.ceil(count / Math.floor(width / 34)));
  doc.fontSize(6).fillColor('#5f6b7a');
  options.labels.forEach((label, index) => {
    if (index % every !== 0) return;
    doc.text(label, left + index * slot + slot / 2 - 17, plotTop + height + 3, {
      width: 34,
      align: 'center',
      lineBreak: false,
    });
  });
  // Legend and unit.
  let x = left;
  const legendY = plotTop + height + 14;
  options.series.forEach((entry, index) => {
    doc
      .rect(x, legendY + 1, 7, 7)
      .fillColor(SERIES[index % SERIES.length] ?? PRIMARY)
      .fill();
    doc
      .fillColor('#333')
      .fontSize(7)
      .text(entry.name, x + 10, legendY, { lineBreak: false });
    x += 14 + doc.widthOfString(entry.name) + 12;
  });
  doc.fillColor('#5f6b7a').fontSize(7).text(options.unit, left, legendY, { width, align: 'right' });
  return legendY + 20;
}

/**
 * A site's interval counts (the count summary of the count-site page): per mode its total, each
 * direction's, the whole days and daily averages as cards, then the counts per interval by
 * direction.
 */
function countFigures(doc: Doc, top: number, site: SiteFigures, aggregationMinutes: number) {
  const counts = site.counts;
  if (!counts) return;
  let y = top;
  for (const mode of counts.modes) {
    const name = COUNT_MODE_NAMES[mode];
    const modeFigures = counts.figures[mode];
    const directions = countDirectionsOf(counts, mode);
    y = cards(doc, y, [
      [name, figure(counts.totals[mode])],
      ...directions.map((direction): [string, string] => [
        `${name}, ${DIRECTION_NAMES[direction] ?? String(direction)}`,
        figure(modeFigures?.directions[direction]),
      ]),
      [`${name} per day (average)`, figure(counts.dailyAverage[mode], 1)],
      [`${name} per weekday (AWDT)`, figure(modeFigures?.awdt, 1)],
      [`${name} per weekend day (AWEDT)`, figure(modeFigures?.awedt, 1)],
      ['Whole days', figure(counts.wholeDays)],
    ]);
    y = chart(doc, y + 4, {
      title: `${name} by direction (${aggregationName(aggregationMinutes)})`,
      labels: counts.bins.map((bin) =>
        aggregationMinutes >= 1440
          ? bin.start.slice(5, 10)
          : bin.start.slice(5, 16).replace('T', ' '),
      ),
      series: directions.map((direction) => ({
        name: DIRECTION_NAMES[direction] ?? String(direction),
        values: counts.bins.map((bin) => bin.counts[mode]?.[direction] ?? 0),
      })),
      kind: counts.bins.length > 60 ? 'lines' : 'bars',
      unit: COUNT_MODE_UNITS[mode],
      height: 110,
    });
  }
}

/**
 * The site summary as a PDF for people who print: per site (one A4 page) the statistic cards
 * and the main charts (volume by direction per interval, the virtual day, the speed
 * distribution), drawn server-side from the same site-detail figures as the page, after a
 * first page with every site's headline figures and the settings.
 */
export async function siteSummaryPdf(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  // Read before the document starts: its pages are written in one go.
  const { explain } = context;
  const explained = explain
    ? (await Promise.all(figures.map((site) => explain.lines(site.site_id)))).flat()
    : [];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: 'Roadcount site summary',
      Creator: `Roadcount ${context.softwareVersion}`,
      CreationDate: context.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { units, aggregationMinutes } = context.parameters;
  const unit = SPEED_UNITS[units].label;
  const speed = (mps: number | null) => speedIn(units, mps);

  doc.fillColor(PRIMARY).fontSize(20).text('Roadcount site summary', MARGIN, MARGIN);
  doc.fillColor('#333').fontSize(10).text(periodRow(figures, context));
  doc.moveDown(0.8);
  // Issue 37: the first page carries the headline figures of every site; the settings follow.
  headlineTable(doc, figures, context);
  doc.moveDown(1.2);
  doc.fillColor(PRIMARY).fontSize(12).text('Settings', MARGIN);
  doc.moveDown(0.4);
  for (const [name, value] of settingsRows(figures, context, 'Site summary (PDF)')) {
    if (doc.y > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    doc.fillColor('#5f6b7a').fontSize(8).text(name, MARGIN, y, { width: 150 });
    doc
      .fillColor('#111')
      .fontSize(8)
      .text(value, MARGIN + 160, y, { width: CONTENT - 160 });
    doc.moveDown(0.3);
  }

  for (const site of figures) {
    doc.addPage();
    doc.fillColor(PRIMARY).fontSize(16).text(site.site_name, MARGIN, MARGIN);
    doc
      .fillColor('#5f6b7a')
      .fontSize(8)
      .text(
        `${reportPeriodText(context.parameters, site.time_zone, context.locale ?? 'en-GB')} · ${site.time_zone} · ${unit}`,
      );
    const stats = site.summary;
    const aadt = context.aadt(site);
    // A counter of bikes or people: its counts in place of vehicle figures that would all read 0.
    if (countsOnly(site)) {
      const y = cards(doc, doc.y + 10, [[aadt.name, figure(aadt.value)]]);
      doc
        .fillColor('#5f6b7a')
        .fontSize(7.5)
        .text(`${aadt.name}: ${aadt.note}`, MARGIN, y, { width: CONTENT });
      countFigures(doc, doc.y + 4, site, aggregationMinutes);
      continue;
    }
    let y = cards(doc, doc.y + 10, [
      ['Vehicles', figure(stats.vehicles)],
      ['ADT', figure(stats.adt)],
      ['AWDT', figure(stats.awdt)],
      ['AWEDT', figure(stats.awedt)],
      [aadt.name, figure(aadt.value)],
      [`Average speed (${unit})`, figure(speed(stats.averageSpeedMps), 1)],
      [`85th percentile speed (${unit})`, figure(speed(stats.speed85thMps), 1)],
      ['Commercial share', `${figure(roundedShare(stats.percentCommercial), 1)} %`],
      [
        'AM peak hour',
        stats.amPeak ? `${stats.amPeak.hour}:00 · ${figure(stats.amPeak.vehicles)}` : '–',
      ],
      [
        'PM peak hour',
        stats.pmPeak ? `${stats.pmPeak.hour}:00 · ${figure(stats.pmPeak.vehicles)}` : '–',
      ],
      [
        'Above the limit',
        site.speeding
          ? `${figure(roundedShare(site.speeding.aboveLimit.sharePercent), 1)} %`
          : 'no limit',
      ],
      ['Whole days', figure(stats.wholeDays)],
    ]);
    // How the AADT was found, as the site detail's AADT card says it.
    doc
      .fillColor('#5f6b7a')
      .fontSize(7.5)
      .text(`${aadt.name}: ${aadt.note}`, MARGIN, y, { width: CONTENT });
    y = doc.y + 4;
    const directions = directionsOf(site);
    y = chart(doc, y + 6, {
      title: `Volume by direction (${aggregationName(aggregationMinutes)})`,
      labels: site.bins.starts.map((start) =>
        aggregationMinutes >= 1440 ? start.slice(5, 10) : start.slice(5, 16).replace('T', ' '),
      ),
      series: directions.map((direction) => ({
        name: DIRECTION_NAMES[direction] ?? String(direction),
        values: site.bins.directions[direction]?.vehicles ?? [],
      })),
      kind: site.bins.starts.length > 60 ? 'lines' : 'bars',
      unit: 'vehicles',
    });
    const dayDirections = Object.keys(site.virtualDay)
      .map(Number)
      .sort((a, b) => a - b);
    y = chart(doc, y + 4, {
      title: 'Virtual day: average vehicles per local hour',
      labels: Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')),
      series: dayDirections.map((direction) => ({
        name: DIRECTION_NAMES[direction] ?? String(direction),
        values: site.virtualDay[direction] ?? [],
      })),
      kind: 'bars',
      unit: 'vehicles per hour',
      height: 110,
    });
    const width = site.speedByClass.binWidthMps;
    chart(doc, y + 4, {
      title: 'Speed distribution',
      labels: site.speedByClass.bins.map(
        (bin) => `${figure(speed(bin.fromMps))}–${figure(speed(bin.fromMps + width))}`,
      ),
      series: [
        {
          name: 'All classes',
          values: site.speedByClass.bins.map((bin) =>
            Object.values(bin.counts).reduce((sum, count) => sum + count, 0),
          ),
        },
      ],
      kind: 'bars',
      unit: `vehicles by ${unit}`,
      height: 90,
    });
    if ((site.counts?.modes.length ?? 0) > 0) {
      doc.addPage();
      doc.fillColor(PRIMARY).fontSize(16).text(site.site_name, MARGIN, MARGIN);
      countFigures(doc, doc.y + 10, site, aggregationMinutes);
    }
  }
  if (context.explain) howMadePages(doc, context.explain.title, explained);
  doc.end();
  return done;
}

/**
 * 'How these figures were made' (issue 36): the same lines as the standard spreadsheet's sheet,
 * a heading per figure of each site, then label and text side by side, on as many pages as
 * they take.
 */
function howMadePages(doc: Doc, title: string, lines: readonly ExplanationLine[]) {
  doc.addPage();
  doc.fillColor(PRIMARY).fontSize(16).text(title, MARGIN, MARGIN);
  doc.moveDown(0.5);
  const bottom = doc.page.height - MARGIN;
  for (const line of lines) {
    if (doc.y > bottom - 40) doc.addPage();
    if (line.kind === 'heading') {
      doc.moveDown(0.4);
      doc
        .fillColor(PRIMARY)
        .fontSize(11)
        .text(`${line.text}: ${line.label}`, MARGIN, doc.y, { width: CONTENT });
      doc.moveDown(0.2);
      continue;
    }
    const y = doc.y;
    doc.fillColor('#5f6b7a').fontSize(8).text(line.label, MARGIN, y, { width: 140 });
    const afterLabel = doc.y;
    doc
      .fillColor('#111')
      .fontSize(8)
      .text(line.text, MARGIN + 150, y, { width: CONTENT - 150 });
    doc.y = Math.max(doc.y, afterLabel);
    doc.moveDown(0.2);
  }
}
