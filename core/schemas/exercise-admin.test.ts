import { describe, expect, it } from "vitest";
import { adminMessages } from "../admin-messages.ts";
import { exerciseFormSchema } from "./exercise-admin.ts";

const valid = {
  title: "Pausa",
  category: "focus",
  description: "Uma pausa.",
  duration: "5 min",
  mediaUrl: "https://exemplo.com.br",
};

describe("exerciseFormSchema", () => {
  it("fills the defaults: link, level 1, 10 XP", () => {
    expect(exerciseFormSchema.parse(valid)).toMatchObject({ mediaType: "link", requiredLevel: 1, xpReward: 10 });
  });
  it("lists the link's URL problem together with the other fields' problems", () => {
    const result = exerciseFormSchema.safeParse({ mediaType: "link", mediaUrl: "" });
    const messagesFound = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messagesFound).toEqual(
      expect.arrayContaining([adminMessages.titleRequired, adminMessages.mediaUrlRequired]),
    );
  });
  it("refuses a URL that is not http(s), and asks for none on file types", () => {
    expect(exerciseFormSchema.safeParse({ ...valid, mediaUrl: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      adminMessages.mediaUrlInvalid,
    );
    expect(exerciseFormSchema.safeParse({ ...valid, mediaType: "pdf", mediaUrl: "" }).success).toBe(true);
  });
});
