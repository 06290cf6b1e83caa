import { describe, expect, it } from "vitest";
import { helpFaqs, helpGuides } from "./help-content.ts";
import { faqMatches, guideMatches, matchesQuery, normalizeText } from "./search-help.ts";

describe("help search", () => {
  it("ignores case and accents", () => {
    expect(normalizeText("Configurações ÓTIMO")).toBe("configuracoes otimo");
    expect(matchesQuery("CONFIGURACOES", ["Abra Configurações"])).toBe(true);
    expect(matchesQuery("nível", ["subir de nivel"])).toBe(true);
  });

  it("needs every word of the query, and matches everything when empty", () => {
    expect(matchesQuery("senha tema", ["Alterar sua senha e o tema"])).toBe(true);
    expect(matchesQuery("senha xp", ["Alterar sua senha e o tema"])).toBe(false);
    expect(matchesQuery("   ", ["qualquer coisa"])).toBe(true);
  });

  it("finds the password FAQ and not the unrelated ones for 'senha'", () => {
    const found = helpFaqs.filter((faq) => faqMatches(faq, "senha")).map((faq) => faq.id);
    expect(found).toEqual(["esqueci-senha"]);
  });

  it("searches a guide's steps too", () => {
    const found = helpGuides.filter((guide) => guideMatches(guide, "marcar como concluido")).map((guide) => guide.id);
    expect(found).toEqual(["exercicios"]);
  });

  it("has exactly three FAQ entries (spec 2)", () => {
    expect(helpFaqs).toHaveLength(3);
  });
});
