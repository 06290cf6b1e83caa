import type { HelpFaq, HelpGuide } from "./help-content.ts";

/** Lower case, no accents: 'Configurações' and 'configuracoes' are the same word to the search. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");
}

/** Every word of the query must appear somewhere in the texts. An empty query matches everything. */
export function matchesQuery(query: string, texts: Array<string | undefined>): boolean {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeText(texts.filter(Boolean).join(" "));
  return words.every((word) => haystack.includes(word));
}

export function guideMatches(guide: HelpGuide, query: string): boolean {
  return matchesQuery(query, [
    guide.title,
    guide.summary,
    guide.tip,
    guide.keywords,
    ...guide.steps.map((step) => step.text),
  ]);
}

export function faqMatches(faq: HelpFaq, query: string): boolean {
  return matchesQuery(query, [faq.question, faq.keywords, ...faq.answer]);
}
