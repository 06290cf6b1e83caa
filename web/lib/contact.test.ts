import { describe, expect, it } from "vitest";
import { UNSET_CONTACT_WHATSAPP } from "#core/page-placeholders.ts";
import { contactPhoneLine } from "./contact.ts";

describe("contactPhoneLine", () => {
  it("writes a configured Brazilian number the way people read it", () => {
    expect(contactPhoneLine("5511988887777")).toBe("+55 (11) 98888-7777");
  });

  it("hides the line when no number was configured, or the number cannot be read", () => {
    expect(contactPhoneLine(UNSET_CONTACT_WHATSAPP)).toBeNull();
    expect(contactPhoneLine("14155550100")).toBeNull();
  });
});
