import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { LegalConfig } from "#web/lib/legal-config.ts";
import type { LegalBlock, LegalSection, LegalText } from "./legal-types.ts";

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

function fillSection(section: LegalSection, config: LegalConfig): LegalSection {
  return { ...section, blocks: section.blocks.map((block) => fillBlock(block, config)) };
}

/** A legal text with the configured encarregado and notes retention (the placeholders while prerendering). */
export function legalTextFor<T extends LegalText>(text: T, config: LegalConfig): T {
  return { ...text, sections: text.sections.map((section) => fillSection(section, config)) };
}
