import { describe, expect, it } from "vitest";
import { findSensitive, maskSensitive } from "./sensitive-text.ts";

const kinds = (text: string) => findSensitive(text).map((finding) => [finding.kind, finding.text]);

describe("findSensitive", () => {
  it("finds e-mails, CPFs with and without punctuation, and phones", () => {
    expect(kinds("Escreva para ana.souza@empresa.com.br hoje")).toEqual([["email", "ana.souza@empresa.com.br"]]);
    expect(kinds("meu cpf é 123.456.789-09 e 98765432100")).toEqual([
      ["cpf", "123.456.789-09"],
      ["cpf", "98765432100"],
    ]);
    expect(kinds("liga no (11) 91234-5678 ou +55 21 3456-7890")).toEqual([
      ["telefone", "(11) 91234-5678"],
      ["telefone", "+55 21 3456-7890"],
    ]);
  });

  it("finds names mid-sentence and full names anywhere, not the first word of a sentence", () => {
    expect(kinds("O gerente Carlos gritou comigo.")).toEqual([["nome", "Carlos"]]);
    expect(kinds("Maria da Silva me constrangeu")).toEqual([["nome", "Maria da Silva"]]);
    expect(kinds("Gostaria de sugerir pausas. Hoje ficamos sem almoço.")).toEqual([]);
    expect(kinds("a reunião com a Cipa na sexta")).toEqual([]);
  });

  it("does not read short numbers, dates or amounts as phones", () => {
    expect(kinds("foram 3 vezes em 12/05, uns 150 reais")).toEqual([]);
  });
});

describe("maskSensitive", () => {
  it("replaces each finding with its mask and keeps the rest", () => {
    expect(maskSensitive("Falei com Joana (joana@x.com, 11 98765-4321), CPF 123.456.789-09.")).toBe(
      "Falei com [nome] ([e-mail], [telefone]), CPF [CPF].",
    );
  });
});
