import { describe, expect, it } from "vitest";
import { guardrailReasons, headerKey, sectorNames, suggestMapping } from "./roster.ts";

describe("roster import rules", () => {
  it("matches the usual HR headers, accents and case aside", () => {
    const mapping = suggestMapping([
      "Nome Completo",
      "CPF",
      "Matrícula",
      "E-mail Corporativo",
      "Lotação",
      "Função",
      "Data de Admissão",
      "Outra",
    ]);
    expect(mapping).toEqual({ nome: 0, cpf: 1, matricula: 2, email: 3, setor: 4, cargo: 5, data_admissao: 6 });
    expect(headerKey(" E-mail Pessoal ")).toBe("email_pessoal");
  });
  it("gives each column to one field only", () => {
    expect(suggestMapping(["cnpj", "cnpj"])).toEqual({ estabelecimento: 0 });
  });
  it("stops a full file past 40 % leaving or 5 % matrículas changed, not at the edge", () => {
    expect(guardrailReasons({ active: 100, leaving: 40, matriculaChanges: 5 })).toEqual([]);
    expect(guardrailReasons({ active: 100, leaving: 41, matriculaChanges: 5 })).toEqual(["leaving"]);
    expect(guardrailReasons({ active: 100, leaving: 0, matriculaChanges: 6 })).toEqual(["matricula"]);
    expect(guardrailReasons({ active: 0, leaving: 0, matriculaChanges: 0 })).toEqual([]);
  });
  it("reads sector paths as HR systems write them", () => {
    expect(sectorNames(" Operações / Atendimento ")).toEqual(["Operações", "Atendimento"]);
    expect(sectorNames("Operações>Atendimento>  Turno  A")).toEqual(["Operações", "Atendimento", "Turno A"]);
  });
});
