import { describe, expect, it } from "vitest";
import { internalAddressFor, isInternalAddress, shownEmail } from "./internal-address.ts";

describe("internal addresses", () => {
  it("are recognised whatever the case, and shown as 'Sem e-mail'; a real address is shown as it is", () => {
    const address = internalAddressFor("abc-123");
    expect(isInternalAddress(address.toUpperCase())).toBe(true);
    expect(shownEmail(address)).toBe("Sem e-mail");
    expect(shownEmail("ana@empresa.com.br")).toBe("ana@empresa.com.br");
    expect(isInternalAddress("ana@sem-email.sereno.invalid.com.br")).toBe(false);
  });
});
