/**
 * The public module of compliance: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/compliance/ is private to it; tests may reach inside.
 */
export { compliancePlugin } from "./compliance.plugin.ts";
export { harassmentFile } from "./harassment-file.ts";
export { harassmentFilePdf } from "./harassment-file-pdf.ts";
