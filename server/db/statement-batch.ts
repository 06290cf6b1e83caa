/**
 * Requests that arrive together share one statement (docs/decisions/021):
 * those of one event-loop turn, and, while a statement is running, all that
 * arrive until it ends (by default one batch in flight at a time). Under
 * load a batch holds dozens of requests, so the database runs, plans and
 * commits once for them instead of once each, and the server writes to its
 * socket once; a lone request waits for nothing but the end of its turn.
 *
 * The second rule matters most on the embedded database, whose thread runs
 * one statement at a time while the server's thread keeps reading requests:
 * each turn then holds few requests, and a statement per turn would queue
 * behind the others.
 *
 * `inFlight` lets more than one batch run at once (each on its own
 * connection), for statements that spend their time waiting for the disk.
 *
 * `run` answers a batch in order, one answer (or a promise of one, which may
 * reject for that request alone) per request; if it throws, every request of
 * the batch gets the error.
 */
import type { Db } from "./client.ts";

export type StatementBatch<Asked, Answer> = { ask(asked: Asked): Promise<Answer> };

type Waiting<Asked, Answer> = {
  asked: Asked;
  resolve: (answer: Answer | Promise<Answer>) => void;
  reject: (error: unknown) => void;
};

export function statementBatch<Asked, Answer>(
  run: (batch: Asked[]) => Promise<Array<Answer | Promise<Answer>>>,
  inFlight = 1,
): StatementBatch<Asked, Answer> {
  let waiting: Waiting<Asked, Answer>[] = [];
  let flushing = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || flushing >= inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  async function flush() {
    scheduled = false;
    flushing += 1;
    const batch = waiting;
    waiting = [];
    try {
      const answers = await run(batch.map((entry) => entry.asked));
      for (const [n, entry] of batch.entries()) entry.resolve(answers[n] as Answer | Promise<Answer>);
      await Promise.allSettled(answers);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      flushing -= 1;
      schedule();
    }
  }

  return {
    ask(asked) {
      return new Promise((resolve, reject) => {
        waiting.push({ asked, resolve, reject });
        schedule();
      });
    },
  };
}

/** One batch per database (tests open many), made on first use. */
export function batchPerDatabase<Asked, Answer>(
  make: (db: Db) => StatementBatch<Asked, Answer>,
): (db: Db) => StatementBatch<Asked, Answer> {
  const batches = new WeakMap<Db, StatementBatch<Asked, Answer>>();
  return (db) => {
    let batch = batches.get(db);
    if (!batch) {
      batch = make(db);
      batches.set(db, batch);
    }
    return batch;
  };
}
