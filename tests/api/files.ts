/** Tiny real files for upload tests: the first bytes are what the server checks. */
export const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
export const htmlAsPdf = Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
/** The start of a PNG of `width` × `height` pixels: signature and IHDR, which is all the server reads. */
export function pngOfSize(width: number, height: number): Buffer {
  const head = Buffer.alloc(72, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write("IHDR", 12, "latin1");
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}
export const pngBytes = pngOfSize(64, 64);
export function mp4Bytes(size = 4096): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(12)]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
}

export function exerciseForm(
  fields: Record<string, string | number>,
  files: Record<string, { bytes: Buffer; name: string; type: string }> = {},
) {
  const form = new FormData();
  const defaults = {
    title: "Pausa de teste",
    category: "breathing",
    description: "Uma pausa curta.",
    duration: "5 min",
    mediaType: "link",
    mediaUrl: "https://exemplo.com.br/pausa",
  };
  for (const [key, value] of Object.entries({ ...defaults, ...fields })) form.append(key, String(value));
  for (const [field, file] of Object.entries(files))
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

/** An inject() body and header uploading one file under the field `file`. */
export async function multipartFile(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const request = new Request("http://x", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}
