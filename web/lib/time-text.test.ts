import { describe, expect, it } from "vitest";
import { finishedTime, typedTime } from "./time-text.ts";

describe("typing a time as hh:mm", () => {
  it("puts the colon before the minutes and keeps digits only", () => {
    expect(typedTime("0")).toBe("0");
    expect(typedTime("08")).toBe("08");
    expect(typedTime("081")).toBe("08:1");
    expect(typedTime("0815")).toBe("08:15");
    expect(typedTime("08155")).toBe("08:15");
    expect(typedTime("8:15")).toBe("8:15");
    expect(typedTime("8h15")).toBe("8:15");
    expect(typedTime("18.30")).toBe("18:30");
    expect(typedTime("08:1a5")).toBe("08:15");
  });

  it("pads the hour and the minutes on leaving, and leaves what is not a time to the schema", () => {
    expect(finishedTime("8:15")).toBe("08:15");
    expect(finishedTime("8")).toBe("08:00");
    expect(finishedTime("18:30")).toBe("18:30");
    expect(finishedTime("18:3")).toBe("18:3");
    expect(finishedTime("")).toBe("");
  });
});
