import {
  billLines,
  isSubscriptionLevel,
  monthBounds,
  type LevelPrices,
  type SubscriptionLevel,
  serverMessage,
} from '@roadcount/domain';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import type { TaskHandler } from '../../infra/queue/worker.ts';
import { billCsv, billPdf } from './billDocuments.ts';
import type { BillingRepository } from './billing.repository.ts';

/** The price list as it stands when the run starts, by level. */
async function currentPrices(
  repository: BillingRepository,
): Promise<(level: SubscriptionLevel) => LevelPrices> {
  const rows = new Map((await repository.prices()).map((row) => [row.level, row]));
  return (level) => {
    const row = rows.get(level);
    if (!row) throw new Error(`the price list has no ${level} level`);
    return row;
  };
}

/** The month's first and last local dates, YYYY-MM-DD, as surveys store theirs. */
function monthDays(month: string) {
  const bounds = monthBounds(month);
  const last = new Date(bounds.end.getTime() - 86_400_000);
  return { ...bounds, firstDay: `${month}-01`, lastDay: last.toISOString().slice(0, 10) };
}

/**
 * The generate_bills task (SPEC section 4): a bill, PDF and CSV, for each organisation billable
 * in the month, from its recorded usage at the price list's prices when the run starts. An organisation with a bill for the month gets none
 * again, so a rerun makes nothing more.
 */
export function createGenerateBillsHandler(deps: {
  repository: BillingRepository;
  blobs: BlobStore;
  queue: TaskQueue;
}): TaskHandler<'generate_bills'> {
  return async (task) => {
    const { month } = task.payload;
    const range = monthDays(month);
    await deps.repository.ensureSubscriptions();
    const organisations = await deps.repository.billable(range);
    const pricesOf = await currentPrices(deps.repository);
    let made = 0;
    let existing = 0;
    for (const [index, organisation] of organisations.entries()) {
      if (await deps.repository.hasBill(organisation.organisationId, month)) {
        existing += 1;
      } else {
        const usage = await deps.repository.usage(organisation.organisationId, range);
        const level = isSubscriptionLevel(organisation.level) ? organisation.level : 'basic';
        const { lines, totalPence } = billLines(pricesOf(level), usage);
        const facts = {
          organisationName: organisation.organisationName,
          month,
          level,
          lines,
          totalPence,
          issuedOn: new Date(),
        };
        const base = `bills/${organisation.organisationId}/${month}`;
        await deps.blobs.putBytes(`${base}.pdf`, await billPdf(facts));
        await deps.blobs.putBytes(`${base}.csv`, new TextEncoder().encode(billCsv(facts)));
        const stored = await deps.repository.insertBill({
          organisationId: organisation.organisationId,
          month,
          level,
          activeUsers: usage.activeUsers,
          surveySites: usage.surveySites,
          lines: lines.map((line) => ({ ...line })),
          totalPence,
          pdfKey: `${base}.pdf`,
          csvKey: `${base}.csv`,
        });
        if (stored) made += 1;
        else existing += 1;
      }
      await deps.queue.progress(
        task,
        serverMessage('taskProgressBills', {
          month,
          index: index + 1,
          count: organisations.length,
        }),
      );
    }
    return {
      message: serverMessage('taskBillsMade', { made, month, existing }),
      result: { month, made, existing },
    };
  };
}
