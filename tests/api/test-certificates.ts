/**
 * Test certificates shaped like ICP-Brasil A1 ones (docs/decisions/081): self-signed, so NOT a real
 * ICP-Brasil chain (none is available to tests), made fresh in each test with node-forge over a key
 * from node:crypto. The holder's CN carries ':CPF' as an e-CPF does.
 */
import { generateKeyPairSync } from "node:crypto";
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

export function testCertificate({
  validFrom = -1,
  validUntil = 365,
  usage = "signing",
  password = TEST_CERTIFICATE_PASSWORD,
}: Options = {}): Buffer {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `01${Date.now().toString(16)}`;
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
