import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { LegalConfig } from "#web/lib/legal-config.ts";
import type { LegalBlock, LegalSection } from "./legal-types.ts";

function fill(text: string, config: LegalConfig): string {
  return text
    .replaceAll(pagePlaceholders.dpoEmail, config.dpoEmail)
    .replaceAll(pagePlaceholders.dpoName, config.dpoName)
    .replaceAll(pagePlaceholders.notesRetentionDays, config.notesRetentionDays);
}

function fillBlock(block: LegalBlock, config: LegalConfig): LegalBlock {
  if (block.kind === "p") return { kind: "p", text: fill(block.text, config) };
  if (block.kind === "list") return { kind: "list", items: block.items.map((item) => fill(item, config)) };
  return block;
}

/** A legal text's sections with the configured encarregado and notes retention (placeholders while prerendering). */
export function fillSections(sections: LegalSection[], config: LegalConfig): LegalSection[] {
  return sections.map((section) => ({ ...section, blocks: section.blocks.map((block) => fillBlock(block, config)) }));
}
