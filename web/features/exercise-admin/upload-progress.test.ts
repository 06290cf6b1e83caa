import { describe, expect, it } from "vitest";
import { startPercent, uploadPercent } from "./upload-progress.ts";

describe("creation progress from the bytes sent", () => {
  const both = { media: 1000, thumbnail: 200 };
  const total = 300 + 1000 + 200; // 300 bytes of fields and boundaries

  it("starts at 25 with a media file, 75 with only a thumbnail, 90 with no file", () => {
    expect(startPercent(both)).toBe(25);
    expect(startPercent({ media: 0, thumbnail: 200 })).toBe(75);
    expect(startPercent({ media: 0, thumbnail: 0 })).toBe(90);
  });

  it("moves from 25 to 50 across the media, then 75 to 90 across the thumbnail", () => {
    expect(uploadPercent(100, total, both)).toBe(25);
    expect(uploadPercent(300 + 500, total, both)).toBe(37.5);
    expect(uploadPercent(300 + 1000, total, both)).toBe(75);
    expect(uploadPercent(300 + 1000 + 100, total, both)).toBe(82.5);
    expect(uploadPercent(total, total, both)).toBe(90);
  });

  it("rests at 50 after the media when there is no thumbnail, until the whole body is sent", () => {
    const media = { media: 1000, thumbnail: 0 };
    expect(uploadPercent(1299, 1300, media)).toBeCloseTo(49.98, 1);
    expect(uploadPercent(1300, 1300, media)).toBe(90);
  });

  it("never passes 90 before the server answers", () => {
    for (const loaded of [0, 500, 1200, 1500, 9999]) expect(uploadPercent(loaded, total, both)).toBeLessThanOrEqual(90);
  });
});
