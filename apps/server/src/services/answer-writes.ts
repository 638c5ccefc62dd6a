import type { SqlQuery } from '@forms-engine/db';
import type { Position } from '@forms-engine/schema';
import { updateAnswers, updateAnswersAndLanguage, updateAnswersBatch } from './respondent-sql.ts';

interface PendingWrite {
  responseId: string;
  answersJson: string;
  position: Position | undefined;
  /** The language the respondent switched to (already matched), when the save names one. */
  language: string | undefined;
  settle: (written: boolean) => void;
  fail: (error: unknown) => void;
}

/** At most this many batches at once; saves that arrive meanwhile wait and go together. */
const MAX_IN_FLIGHT = 4;
const MAX_BATCH = 64;

/**
 * Answer saves, coalesced: while earlier saves are in flight, the ones that arrive queue up and
 * then go to Postgres as one UPDATE (one round trip, one commit) instead of one each. With
 * nothing in flight a save goes at once, so there is no added wait when the server is quiet.
 * Saves of one response are written in the order they came (a later one waits until the earlier
 * one is written, so the last write wins as before), and a batch lists its rows in id order so
 * batches lock rows alike. If a batch
 * fails as a whole (a deadlock with an upload, say), its saves are retried one by one.
 */
export class AnswerWrites {
  private readonly queue: PendingWrite[] = [];
  private inFlight = 0;
  /** Responses with a save in flight: a later save of one must not overtake it in another batch. */
  private readonly busy = new Set<string>();

  constructor(private readonly sql: SqlQuery) {}

  /** Replaces answers and position of an IN_PROGRESS response; false when there is none. */
  write(
    responseId: string,
    answersJson: string,
    position: Position | undefined,
    language?: string | undefined,
  ): Promise<boolean> {
    return new Promise<boolean>((settle, fail) => {
      this.queue.push({ responseId: responseId.toLowerCase(), answersJson, position, language, settle, fail });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return; // everything queued waits for a response already in flight
      this.inFlight++;
      for (const write of batch) this.busy.add(write.responseId);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const write of batch) this.busy.delete(write.responseId);
        this.pump();
      });
    }
  }

  private takeBatch(): PendingWrite[] {
    const batch: PendingWrite[] = [];
    const ids = new Set<string>();
    for (let index = 0; index < this.queue.length && batch.length < MAX_BATCH; ) {
      const write = this.queue[index] as PendingWrite;
      if (ids.has(write.responseId) || this.busy.has(write.responseId)) {
        index++; // a later save of the same response waits until the earlier one is written
        continue;
      }
      ids.add(write.responseId);
      batch.push(write);
      this.queue.splice(index, 1);
    }
    return batch.sort((a, b) => (a.responseId < b.responseId ? -1 : 1));
  }

  /** One save on its own statement (with the language when it names one). */
  private one(write: PendingWrite): Promise<void> {
    const { responseId, answersJson, position, language } = write;
    const written =
      language === undefined
        ? updateAnswers(this.sql, responseId, answersJson, position)
        : updateAnswersAndLanguage(this.sql, responseId, answersJson, position, language);
    return written.then(write.settle, write.fail);
  }

  private async run(batch: PendingWrite[]): Promise<void> {
    // Language switches are rare: they go one by one, and the batch statement stays as it was.
    const plain = batch.filter((write) => write.language === undefined);
    for (const write of batch) if (write.language !== undefined) await this.one(write);
    if (plain.length <= 1) {
      if (plain[0]) await this.one(plain[0]);
      return;
    }
    try {
      const written = new Set(await updateAnswersBatch(this.sql, plain));
      for (const write of plain) write.settle(written.has(write.responseId));
    } catch {
      for (const write of plain) await this.one(write);
    }
  }
}
