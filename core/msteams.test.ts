import { describe, expect, it } from "vitest";
import { moodLabels } from "./mood.ts";
import { cardDataOf, doneCard, reminderCard } from "./msteams.ts";

const token = "t".repeat(32);

describe("the Teams cards (docs/decisions/095)", () => {
  it("reads only a mood of the scale and a token from a submission", () => {
    expect(cardDataOf({ mood: 3, token })).toEqual({ mood: 3, token });
    expect(cardDataOf({ mood: 3, token, notes: "x" })).toEqual({ mood: 3, token });
    for (const value of [
      null,
      "3",
      { mood: 0, token },
      { mood: 6, token },
      { mood: 2.5, token },
      { mood: 3 },
      { mood: 3, token: "curto" },
    ]) {
      expect(cardDataOf(value)).toBeNull();
    }
  });

  it("puts only the mood and the token in each button, and nothing of the answer in the card that replaces it", () => {
    const card = reminderCard(token);
    expect(card.actions).toHaveLength(5);
    for (const action of card.actions as Array<{ type: string; data: Record<string, unknown> }>) {
      expect(action.type).toBe("Action.Submit");
      expect(Object.keys(action.data).sort()).toEqual(["mood", "token"]);
    }
    for (const kind of ["recorded", "already", "expired"] as const) {
      const text = JSON.stringify(doneCard(kind));
      for (const label of Object.values(moodLabels)) expect(text).not.toContain(label);
      expect(text).not.toContain(token);
    }
  });
});
