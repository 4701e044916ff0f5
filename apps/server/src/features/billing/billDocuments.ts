import PDFDocument from 'pdfkit';
import { formatPence, type BillLine } from '@roadcount/domain';
import { csvRow } from '@roadcount/formats';

export interface BillFacts {
  organisationName: string;
  month: string;
  level: string;
  lines: BillLine[];
  totalPence: number;
  issuedOn: Date;
}

const ITEM_NAMES: Record<BillLine['item'], string> = {
  monthly_fee: 'Monthly fee',
  active_users: 'Active users',
  survey_sites: 'Survey sites',
};

const MONTHS = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function monthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return MONTHS.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

function lineName(facts: BillFacts, line: BillLine): string {
  return line.item === 'monthly_fee'
    ? `${ITEM_NAMES.monthly_fee} (${facts.level} subscription)`
    : ITEM_NAMES[line.item];
}

/** The bill as CSV: one row per line, amounts in pounds, then the total. */
export function billCsv(facts: BillFacts): string {
  const pounds = (pence: number) => ({ number: (pence / 100).toFixed(2) });
  const rows = [
    csvRow(['organisation', 'month', 'item', 'quantity', 'unit_gbp', 'amount_gbp']),
    ...facts.lines.map((line) =>
      csvRow([
        facts.organisationName,
        facts.month,
        lineName(facts, line),
        line.quantity,
        pounds(line.unitPence),
        pounds(line.amountPence),
      ]),
    ),
    csvRow([facts.organisationName, facts.month, 'Total', null, null, pounds(facts.totalPence)]),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** The bill as an A4 PDF: who, which month, the usage lines and the total. */
export async function billPdf(facts: BillFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Roadcount bill ${facts.month} ${facts.organisationName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.fillColor('#005bbd').fontSize(22).text('Roadcount', { continued: false });
  doc
    .fillColor('#000')
    .fontSize(16)
    .text(`Bill for ${monthName(facts.month)}`)
    .moveDown(0.5);
  doc
    .fontSize(11)
    .text(`Organisation: ${facts.organisationName}`)
    .text(`Subscription level: ${facts.level}`)
    .text(`Issued: ${facts.issuedOn.toISOString().slice(0, 10)}`)
    .moveDown();
  const columns = [50, 300, 370, 460];
  const header = doc.y;
  doc.font('Helvetica-Bold');
  ['Item', 'Quantity', 'Unit', 'Amount'].forEach((title, index) =>
    doc.text(title, columns[index], header, {
      width: index === 0 ? 240 : 80,
      align: index === 0 ? 'left' : 'right',
    }),
  );
  doc.font('Helvetica');
  for (const line of facts.lines) {
    const top = doc.y + 6;
    const cells = [
      lineName(facts, line),
      String(line.quantity),
      formatPence(line.unitPence),
      formatPence(line.amountPence),
    ];
    cells.forEach((cell, index) =>
      doc.text(cell, columns[index], top, {
        width: index === 0 ? 240 : 80,
        align: index === 0 ? 'left' : 'right',
      }),
    );
  }
  const totalTop = doc.y + 10;
  doc
    .moveTo(50, totalTop - 4)
    .lineTo(540, totalTop - 4)
    .stroke();
  doc.font('Helvetica-Bold');
  doc.text('Total', columns[0], totalTop, { width: 240 });
  doc.text(formatPence(facts.totalPence), columns[3], totalTop, { width: 80, align: 'right' });
  doc.font('Helvetica').moveDown(2);
  doc
    .fontSize(9)
    .fillColor('#555')
    .text(
      'Active users are the users who opened Roadcount during the month; survey sites are the sites of surveys scheduled within it. Amounts exclude VAT.',
      50,
      doc.y,
      { width: 490 },
    );
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
