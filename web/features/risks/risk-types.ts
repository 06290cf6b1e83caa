/** The shapes /api/risks answers with (server/features/risks), as the screens read them. */
import type { RiskCriteriaContent, RiskInventoryContent } from "#core/schemas/risks.ts";

export type EvidenceFile = { key: string; name: string; url: string };
export type Establishment = { id: string; name: string; cnpj: string; nextReviewOn: string | null };
export type Sector = {
  id: string;
  establishmentId: string;
  parentId: string | null;
  name: string;
  kind: "setor" | "ghe";
  activities: string;
  headcount: number;
};
type CampaignStatus = "draft" | "open" | "closed" | "published";
export type Campaign = {
  id: string;
  establishmentId: string;
  title: string;
  instrumentId: string;
  sectorIds: string[];
  status: CampaignStatus;
  closesOn: string;
  notice: string;
  invited: number;
};
export type Criteria = {
  id: string;
  version: number;
  status: "draft" | "published";
  content: RiskCriteriaContent;
  publishedAt: string | null;
};
export type Action = {
  id: string;
  establishmentId: string;
  sectorId: string;
  hazard: string;
  title: string;
  hierarchy: "organizacional" | "coletiva" | "individual";
  owner: string;
  dueOn: string;
  status: "planejada" | "em_andamento" | "concluida" | "cancelada";
  followUp: string;
  measurement: string;
  effectiveness: string;
  evidenceFiles: EvidenceFile[];
};
type InventoryVersion = {
  id: string;
  establishmentId: string;
  version: number;
  publishedAt: string;
  retainUntil: string;
  content: RiskInventoryContent;
};
export type ParticipationRecord = {
  id: string;
  establishmentId: string;
  kind: "cipa" | "reuniao" | "comunicado" | "outro";
  heldOn: string;
  description: string;
  attendees: number;
  files: EvidenceFile[];
};
export type RiskOverview = {
  company: { id: string; name: string };
  minGroup: number;
  instruments: { key: string; title: string; items: number; licence: { name: string; note: string } }[];
  establishments: Establishment[];
  sectors: Sector[];
  members: { id: string; name: string; role: string; sectorId: string | null }[];
  criteria: Criteria[];
  campaigns: Campaign[];
  inventories: InventoryVersion[];
  actions: Action[];
  records: ParticipationRecord[];
  reviewTriggers: ReviewTrigger[];
};
export type ReviewTrigger = {
  id: string;
  establishmentId: string;
  kind: "organizacao" | "acidente" | "solicitacao" | "monitoramento" | "outro";
  occurredOn: string;
  description: string;
  reviewDueOn: string | null;
  recordedBy: string;
};
type Range = { low: number; high: number };
/**
 * A released cell (docs/decisions/040, 060): noisy mean and 90 % margin, their ranges clipped to the scale,
 * and the criteria's probability class; null where the disclosure layer hid it, inconclusive when too uncertain.
 */
type Cell = {
  id: string;
  name: string;
  index: number | null;
  margin: number | null;
  adverseShare: number | null;
  adverseMargin: number | null;
  indexRange: Range | null;
  adverseRange: Range | null;
  probability: number | null;
  inconclusive: boolean;
};
export type CampaignFigures = {
  campaign: { id: string; status: CampaignStatus; title: string };
  /** Who was invited; answers are counted (noisily, per row in `results`) only once the campaign has closed. */
  participation: { invited: number; released: boolean };
  results: null | {
    dimensions: { id: string; name: string; hazards: string[] }[];
    rows: {
      sectorId: string;
      name: string;
      pooledFrom: string[];
      invited: number;
      responses: number;
      responsesMargin: number;
      cells: Cell[];
    }[];
    hiddenSectors: string[];
    hazards: Cell[];
    cutoffs: { attention: number; adverse: number };
    /** The criteria the cells are classified by (their probability scale). */
    classification: { size: 3 | 5; probabilityLabels: string[]; adverseCutoff: number };
  };
};
export type Assessment = {
  id: string;
  sectorId: string;
  hazard: string;
  probability: number;
  severity: number;
  rationale: string;
  sources: string;
  harms: string;
  measuresInPlace: string;
  evidence: string[];
};
