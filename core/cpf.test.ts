import { describe, expect, it } from "vitest";
import { cpfFrom, isValidCpf, normalizeCpf } from "./cpf.ts";

describe("CPF", () => {
  it("accepts a CPF with right check digits, punctuated or not", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
  });
  it("refuses a wrong check digit, a short number, letters and repeated digits", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("abc")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
  });
  it("puts back the leading zeros a spreadsheet dropped", () => {
    const cpf = cpfFrom("012345678");
    expect(isValidCpf(cpf.slice(1))).toBe(true);
    expect(normalizeCpf(cpf.slice(1))).toBe(cpf);
  });
  it("makes valid CPFs for fixtures", () => {
    for (const nine of ["000000001", "123456789", "987654321"]) expect(isValidCpf(cpfFrom(nine))).toBe(true);
  });
});
