/**
 * The encarregado (DPO_NAME, DPO_EMAIL) and the notes retention period
 * (NOTES_RETENTION_DAYS) on the prerendered privacy policy. Like the contact
 * number (docs/decisions/005): the build renders placeholders, the server
 * replaces them in the HTML, and in the browser they are read back from meta
 * tags so hydration renders the same text.
 */
import { pagePlaceholders } from "#core/page-placeholders.ts";
export type LegalConfig = { dpoName: string; dpoEmail: string; notesRetentionDays: string };

const metaName = {
  dpoName: "sereno-dpo-name",
  dpoEmail: "sereno-dpo-email",
  notesRetentionDays: "sereno-notes-retention",
};

export function legalConfig(): LegalConfig {
  const read = (key: keyof LegalConfig) => {
    if (typeof document === "undefined") return pagePlaceholders[key];
    return document.querySelector<HTMLMetaElement>(`meta[name="${metaName[key]}"]`)?.content ?? pagePlaceholders[key];
  };
  return { dpoName: read("dpoName"), dpoEmail: read("dpoEmail"), notesRetentionDays: read("notesRetentionDays") };
}

/** The meta tags the root layout renders (placeholders at build time, the real values once served). */
export function legalMetaTags(): Array<{ name: string; content: string }> {
  const config = legalConfig();
  return (Object.keys(metaName) as Array<keyof LegalConfig>).map((key) => ({
    name: metaName[key],
    content: config[key],
  }));
}
