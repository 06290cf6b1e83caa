import { describe, expect, it } from "vitest";
import { pngOfSize } from "#tests/api/files.ts";
import { isImageTooLarge, readImageSize } from "./image-size.ts";

describe("readImageSize", () => {
  it("reads PNG, GIF, WebP (VP8X) and JPEG sizes", () => {
    expect(readImageSize(pngOfSize(60000, 60000))).toEqual({ width: 60000, height: 60000 });
    const gif = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([0x20, 0x03, 0x58, 0x02])]);
    expect(readImageSize(gif)).toEqual({ width: 800, height: 600 });
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0, "latin1");
    webp.write("WEBPVP8X", 8, "latin1");
    webp.writeUIntLE(4999, 24, 3);
    webp.writeUIntLE(99, 27, 3);
    expect(readImageSize(webp)).toEqual({ width: 5000, height: 100 });
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03,
    ]);
    expect(readImageSize(jpeg)).toEqual({ width: 600, height: 300 });
  });

  it("caps each side at 4096 pixels", () => {
    expect(isImageTooLarge({ width: 4096, height: 4096 })).toBe(false);
    expect(isImageTooLarge({ width: 4097, height: 10 })).toBe(true);
    expect(isImageTooLarge({ width: 0, height: 10 })).toBe(true);
  });

  it("answers null when the header is cut short or unknown", () => {
    expect(readImageSize(pngOfSize(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageSize(Buffer.from("hello"))).toBeNull();
  });
});
