/**
 * The public module of risks: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/risks/ is private to it; tests may reach inside.
 */
export { publishInventory } from "./inventory.ts";
export { signPdf } from "./inventory-signature.ts";
export { moveLegacyEvidence } from "./move-legacy-evidence.ts";
export { nr1Comparison } from "./nr1-comparison.ts";
export { createDocument, frame, heading, ink, paragraph, table, toBuffer } from "./pdf-layout.ts";
export { subtreeOf } from "./risk-scope.ts";
export { riskJobs } from "./risks.jobs.ts";
export { riskPlugin } from "./risks.plugin.ts";
export { companySigner, readSigningRequest } from "./sign-form.ts";
