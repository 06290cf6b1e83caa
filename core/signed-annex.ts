/**
 * The signed PGR psychosocial annex as the API answers it (docs/decisions/081, 082): the manager's
 * list of signatures with their availability counts, and the members' page /pgr.
 */

/** One signed inventory version, as the manager's NR-1 screen lists it. */
export type InventorySignature = {
  id: string;
  versionId: string;
  version: number;
  establishmentId: string;
  establishmentName: string;
  signerName: string;
  registration: string;
  certificateIssuer: string;
  signedAt: string;
  /** The newest signed version of its establishment: the one the members' page shows. */
  isCurrent: boolean;
  /** Opened and downloaded from /pgr since it was signed, and in the last 30 days (counts, never who). */
  access: { views: number; downloads: number; viewsLast30Days: number; downloadsLast30Days: number };
};

/** What a member reads on /pgr: the inventory and plan as published, never a figure about a person. */
export type SignedAnnex = {
  id: string;
  establishmentName: string;
  version: number;
  publishedAt: string;
  signedAt: string;
  signerName: string;
  registration: string;
  nextReviewOn: string | null;
  lines: { sectorName: string; hazardName: string; level: string; decision: string }[];
  actions: { title: string; sectorName: string; hazardName: string; dueOn: string; status: string }[];
};
