/**
 * What an inventory PDF or XLSX prints for one version (docs/decisions/051,
 * 059). A version's own document prints the plan frozen into it when it was
 * published, so every download of it is the same document. The
 * establishment's 'Baixar PDF' prints the version in force with the plan,
 * records and reviews as they are today (the working copy for follow-up), as
 * do versions published before 059, which hold no plan of their own.
 */
import { and, desc, eq } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import type { Db } from "#server/db/client.ts";
import { riskCampaigns, type riskEstablishments, type riskInventoryVersions } from "#server/db/schema/index.ts";
import { currentPlan } from "./inventory-plan.ts";

type Version = typeof riskInventoryVersions.$inferSelect;
type Establishment = typeof riskEstablishments.$inferSelect;

export async function inventoryDocument(
  db: Db,
  options: { version: Version; establishment: Establishment | null; timeZone: string; isLive: boolean },
) {
  const { version, establishment, timeZone } = options;
  let content = version.content;
  if (!content.campaignPeriod && establishment) {
    // Versions published before decision 051 lack the survey's period: it is read from the campaign they name.
    const [campaign] = await db
      .select()
      .from(riskCampaigns)
      .where(and(eq(riskCampaigns.establishmentId, establishment.id), eq(riskCampaigns.title, content.campaignTitle)))
      .orderBy(desc(riskCampaigns.createdAt))
      .limit(1);
    if (campaign?.openedAt)
      content = {
        ...content,
        campaignPeriod: {
          from: localDay(campaign.openedAt, timeZone),
          to: campaign.closedAt ? localDay(campaign.closedAt, timeZone) : campaign.closesOn,
        },
      };
  }
  const frozen = options.isLive ? undefined : content.plan;
  const plan = frozen ?? {
    ...(establishment ? await currentPlan(db, establishment.id) : { actions: [], records: [], triggers: [] }),
    nextReviewOn: establishment?.nextReviewOn ?? null,
  };
  return {
    content,
    establishmentName: options.isLive && establishment ? establishment.name : content.establishmentName,
    version: version.version,
    // The version's publication day, not the download's: two downloads of one version are one document.
    issuedOn: localDay(version.publishedAt, timeZone),
    publishedBy: version.publishedBy,
    retainUntil: version.retainUntil,
    nextReviewOn: plan.nextReviewOn,
    actions: plan.actions,
    records: plan.records,
    triggers: plan.triggers,
  };
}

export function documentFileName(name: string, extension: string, version?: number): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `inventario-riscos-${slug || "estabelecimento"}${version ? `-versao-${version}` : ""}.${extension}`;
}
