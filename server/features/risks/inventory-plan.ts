/**
 * An establishment's action plan, participation records and review triggers
 * as they are now: printed beside the version in force by the establishment's
 * 'Baixar PDF', and frozen into each version when it is published, so that
 * version's own documents never change (docs/decisions/059).
 */
import { asc, desc, eq } from "drizzle-orm";
import type { RiskInventoryPlan } from "#core/schemas/risk-inventory.ts";
import type { Db } from "#server/db/client.ts";
import { riskActions, riskParticipationRecords, riskReviewTriggers, riskSectors } from "#server/db/schema/index.ts";

export async function currentPlan(db: Db, establishmentId: string): Promise<Omit<RiskInventoryPlan, "nextReviewOn">> {
  const [sectors, actions, records, triggers] = await Promise.all([
    db
      .select({ id: riskSectors.id, name: riskSectors.name })
      .from(riskSectors)
      .where(eq(riskSectors.establishmentId, establishmentId)),
    db
      .select()
      .from(riskActions)
      .where(eq(riskActions.establishmentId, establishmentId))
      .orderBy(asc(riskActions.dueOn)),
    db
      .select()
      .from(riskParticipationRecords)
      .where(eq(riskParticipationRecords.establishmentId, establishmentId))
      .orderBy(desc(riskParticipationRecords.heldOn)),
    db
      .select()
      .from(riskReviewTriggers)
      .where(eq(riskReviewTriggers.establishmentId, establishmentId))
      .orderBy(desc(riskReviewTriggers.occurredOn), desc(riskReviewTriggers.createdAt)),
  ]);
  return {
    actions: actions.map((action) => ({
      title: action.title,
      sectorId: action.sectorId,
      sectorName: sectors.find((s) => s.id === action.sectorId)?.name ?? "",
      hazard: action.hazard,
      hierarchy: action.hierarchy,
      owner: action.owner,
      dueOn: action.dueOn,
      status: action.status,
      followUp: action.followUp,
      measurement: action.measurement,
      effectiveness: action.effectiveness,
      // Names only: a stored key is a way into the private folder, and a version outlives its files.
      evidenceFiles: action.evidenceFiles.map((file) => ({ name: file.name })),
    })),
    records: records.map((record) => ({
      kind: record.kind,
      heldOn: record.heldOn,
      description: record.description,
      attendees: record.attendees,
      files: record.files.map((file) => ({ name: file.name })),
    })),
    triggers: triggers.map((trigger) => ({
      kind: trigger.kind,
      occurredOn: trigger.occurredOn,
      description: trigger.description,
      reviewDueOn: trigger.reviewDueOn,
      recordedBy: trigger.recordedBy,
    })),
  };
}
