/**
 * The detached CMS inside a signed PDF (PAdES baseline B-B, ETSI.CAdES.detached: docs/decisions/081, 110).
 * Its signed attributes are the content type, the digest of the signed bytes and the ESS
 * signing-certificate-v2 (RFC 5035): the hash, issuer and serial of the certificate that signed, so a
 * certificate with the same key swapped in later does not verify. No signing-time: PAdES takes the claimed
 * time from the signature dictionary's /M (ETSI EN 319 142-1). RSA with SHA-256, as ICP-Brasil A1 keys sign.
 */
import forge from "node-forge";

const { asn1 } = forge;
type Node = forge.asn1.Asn1;

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};

const universal = (type: number, value: string | Node[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, Array.isArray(value), value);
const tagged = (tag: number, value: Node[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, value);
const oid = (id: string) => universal(asn1.Type.OID, asn1.oidToDer(id).getBytes());
const sequence = (...items: Node[]) => universal(asn1.Type.SEQUENCE, items);
const octets = (bytes: string) => universal(asn1.Type.OCTETSTRING, bytes);
const version1 = universal(asn1.Type.INTEGER, asn1.integerToDer(1).getBytes());
const algorithm = (id: string) => sequence(oid(id), universal(asn1.Type.NULL, ""));
const der = (node: Node) => asn1.toDer(node).getBytes();
/** DER's SET OF: the members in the order of their encodings. */
const sortedSet = (items: Node[]) =>
  items.map((item) => [der(item), item] as const).sort(([a], [b]) => (a < b ? -1 : 1));
const set = (...items: Node[]) =>
  universal(
    asn1.Type.SET,
    sortedSet(items).map(([, item]) => item),
  );
const attribute = (type: string, value: Node) => sequence(oid(type), set(value));

const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

export type SigningKey = {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** Every certificate the PKCS#12 held, the signer's among them: readers build the chain from them. */
  chain: forge.pki.Certificate[];
};

/** The certificate's serial and issuer as its own bytes hold them (re-encoding a Name can change it). */
function issuerAndSerial(certificate: forge.pki.Certificate) {
  const tbs = (forge.pki.certificateToAsn1(certificate).value as Node[])[0] as Node;
  const fields = tbs.value as Node[];
  const first = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version, when present
  return { serial: fields[first] as Node, issuer: fields[first + 2] as Node };
}

/** The DER ContentInfo (SignedData, content detached) signing `content`, the PDF's byte ranges. */
export function cadesDetached({ key, certificate, chain }: SigningKey, content: Buffer): Buffer {
  const { serial, issuer } = issuerAndSerial(certificate);
  const certificateHash = sha256(der(forge.pki.certificateToAsn1(certificate)));
  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content.toString("binary")))),
    attribute(
      OID.signingCertificateV2,
      // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash (SHA-256, the default), issuerSerial }] }
      sequence(sequence(sequence(octets(certificateHash), sequence(sequence(tagged(4, [issuer])), serial)))),
    ),
  ];
  // The signature covers the attributes' DER as a SET; the SignerInfo keeps the same members as [0] IMPLICIT.
  const signed = set(...signedAttributes);
  const signature = key.sign(forge.md.sha256.create().update(der(signed)));
  const signerInfo = sequence(
    version1,
    sequence(issuer, serial),
    algorithm(OID.sha256),
    tagged(0, signed.value as Node[]),
    algorithm(OID.rsaEncryption),
    octets(signature),
  );
  const signedData = sequence(
    version1,
    set(algorithm(OID.sha256)),
    sequence(oid(OID.data)),
    tagged(
      0,
      chain.map((each) => forge.pki.certificateToAsn1(each)),
    ),
    set(signerInfo),
  );
  return Buffer.from(der(sequence(oid(OID.signedData), tagged(0, [signedData]))), "binary");
}
