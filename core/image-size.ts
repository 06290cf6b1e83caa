/**
 * The pixel size of an image from its first bytes (PNG, JPEG, WebP, GIF),
 * without decoding it: thumbnails are capped in pixels as well as bytes, so
 * a tiny file cannot claim 60000 × 60000 (docs/decisions/018).
 */
const MAX_IMAGE_SIDE = 4096;

export type ImageSize = { width: number; height: number };

export function readImageSize(head: Uint8Array): ImageSize | null {
  const bytes = head;
  const u16be = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  const u16le = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
  const u24le = (at: number) => u16le(at) | ((bytes[at + 2] ?? 0) << 16);
  const u32be = (at: number) => u16be(at) * 65536 + u16be(at + 2);
  const ascii = (at: number, text: string) =>
    [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));

  if (bytes[0] === 0x89 && ascii(1, "PNG") && ascii(12, "IHDR")) {
    return bytes.length >= 24 ? { width: u32be(16), height: u32be(20) } : null;
  }
  if (ascii(0, "GIF8")) return bytes.length >= 10 ? { width: u16le(6), height: u16le(8) } : null;
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) {
    if (ascii(12, "VP8X")) return bytes.length >= 30 ? { width: u24le(24) + 1, height: u24le(27) + 1 } : null;
    if (ascii(12, "VP8L")) {
      if (bytes.length < 25) return null;
      const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (ascii(12, "VP8 ")) return bytes.length >= 30 ? { width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff } : null;
    return null;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG, DAC).
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: u16be(at + 7), height: u16be(at + 5) };
      }
      at += 2 + u16be(at + 2);
    }
    return null;
  }
  return null;
}

export function isImageTooLarge(size: ImageSize): boolean {
  return size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width < 1 || size.height < 1;
}
