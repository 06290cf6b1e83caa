/**
 * Test certificates shaped like ICP-Brasil A1 ones (docs/decisions/081): self-signed, so NOT a real
 * ICP-Brasil chain (none is available to tests), each made fresh with node-forge (its own serial,
 * validity and usage) over one RSA key per test process from node:crypto (docs/decisions/104: the key
 * was 0.5 to 1 s of every certificate). The holder's CN carries ':CPF' as an e-CPF does. Beside them,
 * what the signing tests share: the multipart form a signature is asked with, and poppler's verdict.
 */
import { execFileSync } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";

export const TEST_CERTIFICATE_PASSWORD = "senha-do-certificado-123";
export const TEST_HOLDER = "MARIA TESTE DA SILVA";

type Options = {
  /** Days from now; negative for a certificate already past. */
  validFrom?: number;
  validUntil?: number;
  /** Key usage: a signing certificate (digitalSignature, nonRepudiation) or an encryption-only one. */
  usage?: "signing" | "encryption";
  password?: string;
};

const day = 24 * 60 * 60 * 1000;
let serials = 0;
let sharedKey: forge.pki.rsa.PrivateKey | undefined;

/** The process's one RSA 2048 key (what a certificate's key is does not change what the tests read). */
function rsaKey(): forge.pki.rsa.PrivateKey {
  if (!sharedKey) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    sharedKey = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  }
  return sharedKey;
}

export function testCertificate({
  validFrom = -1,
  validUntil = 365,
  usage = "signing",
  password = TEST_CERTIFICATE_PASSWORD,
}: Options = {}): Buffer {
  const key = rsaKey();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  serials += 1;
  certificate.serialNumber = `01${Date.now().toString(16)}${serials.toString(16).padStart(4, "0")}`;
  certificate.validity.notBefore = new Date(Date.now() + validFrom * day);
  certificate.validity.notAfter = new Date(Date.now() + validUntil * day);
  const subject = [
    { shortName: "C", value: "BR" },
    { shortName: "O", value: "ICP-Brasil (certificado de teste)" },
    { shortName: "OU", value: "Teste Sereno" },
    { shortName: "CN", value: `${TEST_HOLDER}:12345678909` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer([
    { shortName: "C", value: "BR" },
    { shortName: "O", value: "ICP-Brasil (certificado de teste)" },
    { shortName: "CN", value: "AC TESTE SERENO" },
  ]);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    usage === "signing"
      ? { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true }
      : { name: "keyUsage", critical: true, keyEncipherment: true, dataEncipherment: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/** The multipart body of a signing request: registration, password and certificate, each only when given. */
export async function signForm(fields: { certificate?: Buffer; password?: string; registration?: string }) {
  const form = new FormData();
  if (fields.registration !== undefined) form.append("registro", fields.registration);
  if (fields.password !== undefined) form.append("senha", fields.password);
  if (fields.certificate) form.append("certificado", new Blob([new Uint8Array(fields.certificate)]), "certificado.pfx");
  const request = new Request("http://x", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** poppler's verdict on a PDF's signatures (pdfsig exits non-zero on an invalid one; its text is what we read). */
export function pdfsig(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), "sereno-pdfsig-"));
  const file = path.join(folder, "signed.pdf");
  writeFileSync(file, pdf);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8" });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

type Asn1 = forge.asn1.Asn1;
const children = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? node.value : []);

/**
 * What a signed PDF's CMS signs besides the bytes (docs/decisions/110): its signed attributes by OID, and
 * whether the ESS signing-certificate-v2 names the certificate that signed (the SHA-256 of its DER).
 */
export function cmsSignedAttributes(pdf: Buffer): { oids: string[]; namesItsCertificate: boolean } {
  // The /Contents hex as written, zero padding and all: @signpdf's extractSignature trims trailing 00 bytes,
  // which cuts a CMS whose signature ends in 0x00 (one in 256). The DER's own length says where it ends.
  const [, length = 0, start = 0] =
    /\/ByteRange \[(\d+) +(\d+) +(\d+)/.exec(pdf.toString("latin1"))?.slice(1).map(Number) ?? [];
  const contents = Buffer.from(pdf.subarray(length + 1, start - 1).toString("latin1"), "hex");
  const lengthBytes = (contents[1] ?? 0) & 0x80 ? (contents[1] ?? 0) & 0x7f : 0;
  const bodyLength = lengthBytes ? contents.readUIntBE(2, lengthBytes) : (contents[1] ?? 0);
  const der = contents.subarray(0, 2 + lengthBytes + bodyLength);
  const contentInfo = forge.asn1.fromDer(der.toString("binary"));
  const signedData = children(children(contentInfo)[1])[0];
  const fields = children(signedData);
  const signerInfo = children(fields.at(-1))[0];
  const attributes = children(
    children(signerInfo).find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0),
  );
  const attributeValue = (oid: string) =>
    children(attributes.find((attribute) => forge.asn1.derToOid(children(attribute)[0]?.value as string) === oid))[1];
  const essCertId = children(children(children(attributeValue("1.2.840.113549.1.9.16.2.47"))[0])[0])[0];
  const certHash = Buffer.from((children(essCertId)[0]?.value as string | undefined) ?? "", "binary");
  const firstCertificate = children(fields[3])[0];
  const certificateHash = firstCertificate
    ? createHash("sha256")
        .update(Buffer.from(forge.asn1.toDer(firstCertificate).getBytes(), "binary"))
        .digest()
    : Buffer.alloc(0);
  return {
    oids: attributes.map((attribute) => forge.asn1.derToOid(children(attribute)[0]?.value as string)).sort(),
    namesItsCertificate: certHash.length === 32 && certHash.equals(certificateHash),
  };
}
