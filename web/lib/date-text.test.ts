import { describe, expect, it } from "vitest";
import { dateTextOf, maskDateText, readDateText, todayInBrowser } from "./date-text.ts";

describe("maskDateText", () => {
  it("puts the slashes in as the digits are typed, one keystroke at a time", () => {
    const typed = "12112026".split("").reduce<string[]>((texts, digit) => {
      texts.push(maskDateText(`${texts.at(-1) ?? ""}${digit}`));
      return texts;
    }, []);
    expect(typed).toEqual(["1", "12", "12/1", "12/11", "12/11/2", "12/11/20", "12/11/202", "12/11/2026"]);
  });

  it("lets a slash be deleted, typed by hand, or close a one-digit day or month", () => {
    expect(maskDateText("12/")).toBe("12/");
    expect(maskDateText("12")).toBe("12");
    expect(maskDateText("1/2/2026")).toBe("01/02/2026");
    expect(maskDateText("1//")).toBe("01/");
    expect(maskDateText("/")).toBe("");
  });

  it("takes pasted days, Brazilian or ISO, and stops at eight digits", () => {
    expect(maskDateText("12/11/2026")).toBe("12/11/2026");
    expect(maskDateText("12.11.2026")).toBe("12/11/2026");
    expect(maskDateText("2026-11-12")).toBe("12/11/2026");
    expect(maskDateText(" 2026-1-5 ")).toBe("05/01/2026");
    expect(maskDateText("12/11/20261")).toBe("12/11/2026");
    expect(maskDateText("ab12c")).toBe("12");
  });
});

describe("dateTextOf", () => {
  it("shows an ISO day as dd/mm/aaaa and keeps anything else as typed", () => {
    expect(dateTextOf("2026-11-12")).toBe("12/11/2026");
    expect(dateTextOf("31/02/2026")).toBe("31/02/2026");
    expect(dateTextOf("")).toBe("");
    expect(dateTextOf(null)).toBe("");
  });
});

describe("readDateText", () => {
  it("gives the form an ISO day, or nothing for an empty field", () => {
    expect(readDateText("12/11/2026")).toEqual({ value: "2026-11-12" });
    expect(readDateText("  ")).toEqual({ value: "" });
  });

  it("passes a text that is not a day on as typed, with the reason in pt-BR", () => {
    expect(readDateText("31/02/2026")).toEqual({
      value: "31/02/2026",
      problem: "31/02/2026 não existe no calendário. Confira o dia e o mês.",
    });
    expect(readDateText("12/11")).toEqual({
      value: "12/11",
      problem: "Digite a data completa no formato dd/mm/aaaa, por exemplo 25/11/2026.",
    });
  });

  it("refuses a day outside the field's bounds, naming the bound", () => {
    const bounds = { min: "2026-11-01", max: "2026-11-30" };
    expect(readDateText("31/10/2026", bounds).problem).toBe("Escolha uma data a partir de 01/11/2026.");
    expect(readDateText("01/12/2026", bounds).problem).toBe("Escolha uma data até 30/11/2026.");
    expect(readDateText("30/11/2026", bounds)).toEqual({ value: "2026-11-30" });
  });
});

describe("todayInBrowser", () => {
  it("is the browser's own calendar day", () => {
    expect(todayInBrowser(new Date(2026, 10, 5, 23, 59))).toBe("2026-11-05");
  });
});
