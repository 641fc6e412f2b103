import type { Write } from '../events/unit.ts';
import { AppError, databaseUnavailable } from '../http/errors.ts';
import { progressEvents } from './events.ts';
import { BUSY, type ReportInput, type ReportOutcome, reportsIn } from './service.ts';
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
 * Reports on their way to the database (group commit): alone when a transaction is free, together in the next one
 * while REPORT_TRANSACTIONS run, each with its own answer; a busy match's reports go alone after the batch, and a
 * failed batch is tried report by report (docs/match-lifecycle.md).
 */
export class ReportQueue {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(private readonly write: Write) {}

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
    const alone = batch.length === 1;
    let outcomes: ReportOutcome[];
    try {
      outcomes = await this.write(async (work) => {
        const done = await reportsIn(
          work.tx,
          batch.map((w) => w.input),
          { skipLocked: !alone },
        );
        work.emit(...progressEvents(done.filter((o): o is MatchProgress => o !== BUSY && !(o instanceof AppError))));
        return done;
      });
    } catch (err) {
      // Lost contact with the database: whether the transaction committed is unknown, so every report answers
      // that (503) rather than being tried again and perhaps told something else. Any other failure was rolled back:
      // each report is tried again alone, so that one report's fault is not another's.
      if (alone || databaseUnavailable(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      for (const w of batch) await this.run([w]);
      return;
    }
    const busy: Waiting[] = [];
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (outcome === BUSY) busy.push(w);
      else if (outcome === undefined) w.reject(new Error('no outcome for a report'));
      else if (outcome instanceof AppError) w.reject(outcome);
      else w.resolve(outcome);
    });
    // Their match was held by another transaction (a wave, an instance's batch): alone, they wait for it.
    for (const w of busy) await this.run([w]);
  }
}
