import { describe, expect, it } from "vitest";
import { buildCsv, decimal } from "./csv.ts";

const BOM = "\uFEFF";

describe("buildCsv", () => {
  it("opens with the UTF-8 BOM, separates with ';' and ends every row with CRLF", () => {
    expect(
      buildCsv([
        ["Nome", "Presença"],
        ["Ana", "Presente"],
      ]),
    ).toBe(`${BOM}Nome;Presença\r\nAna;Presente\r\n`);
  });

  it("keeps accents as UTF-8 text after the BOM", () => {
    const bytes = Buffer.from(buildCsv([["Ação", "Estresse médio", "São João"]]), "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("Ação;Estresse médio;São João\r\n");
  });

  it("neutralises text a spreadsheet would run as a formula with a leading quote", () => {
    const cells = ['=HYPERLINK("http://x","y")', "+5511999", "-2+3", "@SUM(A1)", "\tx", "\rx", "＝1+1"];
    expect(buildCsv([cells])).toBe(
      `${BOM}"'=HYPERLINK(""http://x"",""y"")";'+5511999;'-2+3;'@SUM(A1);'\tx;"'\rx";'＝1+1\r\n`,
    );
  });

  it("leaves text that only contains those signs in the middle alone", () => {
    expect(buildCsv([["Ana-Maria", "a=b", "ana@x.com.br"]])).toBe(`${BOM}Ana-Maria;a=b;ana@x.com.br\r\n`);
  });

  it("writes our numbers as numbers: decimal comma, no thousands separator, the minus kept", () => {
    expect(buildCsv([[1234, 37.5, -3, -0.25, 0]])).toBe(`${BOM}1234;37,5;-3;-0,25;0\r\n`);
  });

  it("writes a decimal with the digits asked for, negative ones too", () => {
    expect(buildCsv([[decimal(75, 1), decimal(3.85, 1), decimal(-1.5, 2), decimal(1234.5, 0)]])).toBe(
      `${BOM}75,0;3,9;-1,50;1235\r\n`,
    );
  });

  it("quotes cells holding the separator, a quote or a line break, doubling the quotes", () => {
    expect(buildCsv([["a;b", 'Sala "Azul"', "linha 1\nlinha 2", "linha 1\r\nlinha 2", "vírgula, sim"]])).toBe(
      `${BOM}"a;b";"Sala ""Azul""";"linha 1\nlinha 2";"linha 1\r\nlinha 2";vírgula, sim\r\n`,
    );
  });

  it("writes null as an empty cell, keeping the row's width", () => {
    expect(buildCsv([["a", null, null, "d"]])).toBe(`${BOM}a;;;d\r\n`);
  });
});
