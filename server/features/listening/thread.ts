/** A case's thread: reading it in order and adding to it (seq is the next in the case, under the case's row lock). */
import { asc, eq, sql } from "drizzle-orm";
import type { ThreadMessage } from "#core/schemas/listening.ts";
import type { Db } from "#server/db/client.ts";
import { listeningMessages } from "#server/db/schema/index.ts";
import { attachmentsOf } from "./attachments.ts";

export async function readThread(db: Db, caseId: string, options: { withInternal: boolean }): Promise<ThreadMessage[]> {
  const rows = await db
    .select({
      id: listeningMessages.id,
      author: listeningMessages.author,
      isInternal: listeningMessages.isInternal,
      body: listeningMessages.body,
      writtenOn: listeningMessages.writtenOn,
    })
    .from(listeningMessages)
    .where(eq(listeningMessages.caseId, caseId))
    .orderBy(asc(listeningMessages.seq));
  const shown = options.withInternal ? rows : rows.filter((row) => !row.isInternal);
  const attachments = await attachmentsOf(
    db,
    shown.map((row) => row.id),
  );
  return shown.map((row) => ({ ...row, attachments: attachments.get(row.id) ?? [] }));
}

/** Adds a message; `attach` writes its files' rows in the same transaction (attachments.ts). */
export async function addMessage(
  db: Db,
  message: {
    caseId: string;
    author: "reporter" | "handler";
    handlerId?: string;
    isInternal?: boolean;
    body: string;
    writtenOn: string;
  },
  attach?: (tx: Db, ids: { caseId: string; messageId: string }) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The case row's lock orders two writers: each takes the next seq.
    await tx.execute(sql`select 1 from listening_cases where id = ${message.caseId} for update`);
    const [written] = await tx
      .insert(listeningMessages)
      .values({
        caseId: message.caseId,
        seq: sql`(select coalesce(max(seq), 0) + 1 from listening_messages where case_id = ${message.caseId})`,
        author: message.author,
        handlerId: message.handlerId ?? null,
        isInternal: message.isInternal ?? false,
        body: message.body,
        writtenOn: message.writtenOn,
      })
      .returning({ id: listeningMessages.id });
    if (written && attach) await attach(tx, { caseId: message.caseId, messageId: written.id });
  });
}
