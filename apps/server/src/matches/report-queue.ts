import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { type ReportInput, reportsIn } from './service.ts';
import type { MatchProgress } from './settlement.ts';

/** Transactions of reports one instance runs at once; reports arriving meanwhile wait and go in together. */
export const REPORT_TRANSACTIONS = 2;
/** The most reports one transaction takes. */
export const REPORT_BATCH = 64;

interface Waiting {
  input: ReportInput;
  resolve: (progress: MatchProgress) => void;
  reject: (err: unknown) => void;
}

/**
 * The players' reports on their way to the database (group commit). A report that finds a transaction free goes at
 * once, alone; while REPORT_TRANSACTIONS are under way, the reports that arrive wait and the next transaction takes
 * them all (up to REPORT_BATCH). A burst of deciding reports (every match of a wave ending at once) then costs a few
 * transactions of three statements each (see reportsIn) instead of one transaction each, which on a busy database was
 * most of its work and of the instance's. Each report still gets its own answer: its progress or its refusal. Should
 * a transaction fail as a whole (a lost connection, a deadlock), its reports are tried again one by one, so that one
 * report's fault is not another's.
 */
export class ReportQueue {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(private readonly db: Db) {}

  submit(input: ReportInput): Promise<MatchProgress> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < REPORT_TRANSACTIONS && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, REPORT_BATCH);
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    let outcomes: (MatchProgress | AppError)[];
    try {
      outcomes = await this.db.transaction((tx) =>
        reportsIn(
          tx,
          batch.map((w) => w.input),
        ),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const w of batch) await this.run([w]);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) w.reject(new Error('no outcome for a report'));
      else if (outcome instanceof AppError) w.reject(outcome);
      else w.resolve(outcome);
    });
  }
}
