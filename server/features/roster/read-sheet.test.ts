import { describe, expect, it } from "vitest";
import { rosterMessages } from "#core/roster-messages.ts";
import { readSheet } from "./read-sheet.ts";

const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("reading an HR export", () => {
  it("reads UTF-8 with a BOM, ';', quoted fields with separators, quotes and line breaks, and keeps each row's line", async () => {
    const text = '\uFEFFnome;setor\r\n"Silva; Ana";"Operações/""Atende""\nTurno A"\r\n\r\nJoão;Logística\r\n';
    const sheet = await readSheet(Buffer.from(text, "utf8"));
    expect(sheet.headers).toEqual(["nome", "setor"]);
    expect(sheet.rows).toEqual([
      { line: 2, cells: ["Silva; Ana", 'Operações/"Atende"\nTurno A'] },
      { line: 5, cells: ["João", "Logística"] },
    ]);
  });
  it("reads Latin-1 with ',' and tab-separated files", async () => {
    const comma = await readSheet(latin1("Nome,Lotação\nConceição,Produção\n"));
    expect(comma).toEqual({ headers: ["Nome", "Lotação"], rows: [{ line: 2, cells: ["Conceição", "Produção"] }] });
    const tabs = await readSheet(Buffer.from("nome\tcpf\nAna\t1\n"));
    expect(tabs.rows[0]?.cells).toEqual(["Ana", "1"]);
  });
  it("refuses a file with no people, a binary, and one past 20.000 rows, in pt-BR", async () => {
    await expect(readSheet(Buffer.from("nome;cpf\n"))).rejects.toThrow("não tem linhas de pessoas");
    await expect(readSheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2]))).rejects.toThrow(
      "Não conseguimos ler",
    );
    const many = `nome\n${"Ana\n".repeat(20_001)}`;
    await expect(readSheet(Buffer.from(many))).rejects.toThrow("20.000 linhas");
  });
  it("refuses a CSV cell past 1.000 characters, and a read past its time, with a 413 in pt-BR", async () => {
    const long = Buffer.from(`nome;obs\nAna;${"x".repeat(1_001)}\n`);
    await expect(readSheet(long)).rejects.toMatchObject({ status: 413, message: rosterMessages.fileCellTooLong });
    const fine = Buffer.from(`nome;obs\nAna;${"x".repeat(1_000)}\n`);
    expect((await readSheet(fine)).rows).toHaveLength(1);
    await expect(readSheet(fine, { timeMs: 1 })).rejects.toMatchObject({
      status: 413,
      message: rosterMessages.fileTooSlow,
    });
  });
});
