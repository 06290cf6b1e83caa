/**
 * Signing a published inventory version's PDF with the SST professional's own
 * ICP-Brasil A1 certificate (docs/decisions/081). The PDF is the one
 * inventory-pdf.ts returns, untouched: a last page with the visible signature
 * block is appended, a signature placeholder added (@signpdf/placeholder-pdf-lib,
 * subfilter ETSI.CAdES.detached, PAdES) and the CMS made by cades.ts. The .p12
 * and its password live only in this request's memory: nothing here writes
 * them anywhere or names them in an error.
 */
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer as PdfSigner, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import { formatIsoDay } from "#core/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { cadesDetached, type SigningKey } from "./cades.ts";
import { createDocument, heading, ink, paragraph, table, toBuffer } from "./pdf-layout.ts";

const m = serverMessages.signature;

/** What the certificate says about its holder, kept with the signature (never the key, never the file). */
export type CertificateFacts = {
  /** The holder's name (CN without the ':CPF' an ICP-Brasil e-CPF appends: the annex is read by every worker). */
  holder: string;
  issuer: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
};

const KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag as string;
const CERT_BAG = forge.pki.oids.certBag as string;
const NAME_AND_CPF = /^(.*?):\d{11}$/;

function commonName(entity: forge.pki.Certificate["subject"]): string {
  const cn = entity.getField("CN")?.value;
  const name = typeof cn === "string" ? cn : "";
  return (NAME_AND_CPF.exec(name)?.[1] ?? name).trim();
}

/**
 * Opens the PKCS#12 with its password and checks that it can sign now: one
 * certificate matching the private key (RSA, what ICP-Brasil A1 issues), in
 * its validity period, with the digitalSignature or nonRepudiation key usage.
 * Each refusal is a 4xx in pt-BR; the password never appears in one. Returns
 * the key and certificates to sign with (cades.ts) and what the certificate
 * says about its holder.
 */
export function openSigningKey(p12: Buffer, password: string, now: Date): SigningKey & { facts: CertificateFacts } {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA", m.notPkcs12);
  }
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    store = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "Invalid password?" when the MAC does not verify; anything else is not a PKCS#12 it can read.
    const wrongPassword = error instanceof Error && /password/i.test(error.message);
    throw new AppError(
      wrongPassword ? "VALIDATION" : "UNSUPPORTED_MEDIA",
      wrongPassword ? m.wrongPassword : m.notPkcs12,
      {
        field: wrongPassword ? "senha" : "certificado",
      },
    );
  }
  const bags = (type: string) => store.getBags({ bagType: type })[type] ?? [];
  const keyBag = bags(KEY_BAG)[0];
  const certBags = bags(CERT_BAG);
  // forge reads RSA keys and certificates only: a bag it could not read holds another kind of key (ECDSA).
  if ((keyBag && !keyBag.key) || certBags.some((bag) => !bag.cert))
    throw new AppError("VALIDATION", m.notRsa, { field: "certificado" });
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (!key || certificates.length === 0)
    throw new AppError("VALIDATION", m.noKeyOrCertificate, { field: "certificado" });
  const certificate = certificates.find((c) => {
    const publicKey = c.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!certificate) throw new AppError("VALIDATION", m.noKeyOrCertificate, { field: "certificado" });
  const { notBefore, notAfter } = certificate.validity;
  if (now > notAfter)
    throw new AppError("VALIDATION", m.expired.replace("{date}", formatIsoDay(notAfter.toISOString().slice(0, 10))), {
      field: "certificado",
    });
  if (now < notBefore) throw new AppError("VALIDATION", m.notYetValid, { field: "certificado" });
  const usage = certificate.getExtension("keyUsage") as { digitalSignature?: boolean; nonRepudiation?: boolean } | null;
  if (!usage || !(usage.digitalSignature || usage.nonRepudiation))
    throw new AppError("VALIDATION", m.notForSigning, { field: "certificado" });
  const facts = {
    holder: commonName(certificate.subject) || "—",
    issuer: commonName(certificate.issuer) || "—",
    serial: certificate.serialNumber,
    notBefore,
    notAfter,
  };
  return { key, certificate, chain: certificates, facts };
}

/** @signpdf's signer: the CMS is cades.ts's, over the key the PKCS#12 opened to. */
class CadesSigner extends PdfSigner {
  constructor(private readonly signing: SigningKey) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return cadesDetached(this.signing, content);
  }
}

export type Signer = { name: string; registration: string };

/** What the signature page and the PDF's signature dictionary say the signature is for. */
export type SigningPurpose = {
  /** The visible block's heading. */
  blockHeading: string;
  /** The signature's /Reason, which a PDF reader shows in its signature panel. */
  reason: string;
};

/** The NR-1 inventory's: signed by the SST professional who answers for it (docs/decisions/081). */
export const inventorySigning: SigningPurpose = {
  blockHeading: "Assinatura digital do profissional responsável (SST)",
  reason: "Inventário de riscos psicossociais (PGR, NR-1) assinado pelo profissional responsável",
};

/** The visible block, a page of its own in the document's look (pdf-layout.ts), appended to the finished PDF. */
async function signaturePage(options: {
  signer: Signer;
  certificate: CertificateFacts;
  signedAt: string;
  pages: number;
  title: string;
  blockHeading: string;
}): Promise<Buffer> {
  const doc = await createDocument(options.title);
  const done = toBuffer(doc);
  heading(doc, options.blockHeading);
  paragraph(
    doc,
    `Este documento, de ${options.pages} páginas antes desta, foi assinado digitalmente (PAdES, certificado ICP-Brasil A1 do signatário). A assinatura cobre todas as páginas: qualquer alteração posterior a invalida, o que um leitor de PDF mostra no painel de assinaturas.`,
  );
  doc.moveDown(0.5);
  table(
    doc,
    [
      { header: "", width: 170 },
      { header: "", width: 0 },
    ],
    (
      [
        ["Assinado por", options.signer.name],
        ["Registro profissional", options.signer.registration],
        ["Titular do certificado", options.certificate.holder],
        ["Emissor do certificado", options.certificate.issuer],
        ["Número de série", options.certificate.serial],
        [
          "Validade do certificado",
          `${formatIsoDay(options.certificate.notBefore.toISOString().slice(0, 10))} a ${formatIsoDay(options.certificate.notAfter.toISOString().slice(0, 10))}`,
        ],
        ["Assinado em", options.signedAt],
      ] as const
    ).map(([label, value]) => [{ text: label, bold: true }, value]),
    10,
    false,
  );
  paragraph(doc, "Para conferir: abra o arquivo num leitor de PDF com painel de assinaturas.", 8.5, ink.muted);
  doc.end();
  return done;
}

/** Where the widget sits on the signature page: over the table's block (PDF points, origin bottom left). */
const WIDGET_RECT = [50, 560, 545, 770];

/**
 * Signs a finished PDF (PAdES): appends the visible block as a last page, a placeholder over it, and
 * the detached CMS cades.ts makes. Shared by every signed document (docs/decisions/081, 098).
 */
export async function signPdf(
  options: SigningPurpose & {
    pdf: Buffer;
    /** The key and certificates openSigningKey opened: the PKCS#12 is decrypted once per request. */
    key: SigningKey;
    signer: Signer;
    certificate: CertificateFacts;
    signedAt: Date;
    /** The signing moment as the company reads it (dd/mm/aaaa hh:mm, its time zone). */
    signedAtLabel: string;
    title: string;
  },
): Promise<Buffer> {
  const document = await PDFDocument.load(options.pdf);
  const pageBytes = await signaturePage({
    signer: options.signer,
    certificate: options.certificate,
    signedAt: options.signedAtLabel,
    pages: document.getPageCount(),
    title: options.title,
    blockHeading: options.blockHeading,
  });
  const [page] = await document.copyPages(await PDFDocument.load(pageBytes), [0]);
  if (!page) throw new Error("signature page missing");
  document.addPage(page);
  pdflibAddPlaceholder({
    pdfPage: page,
    reason: options.reason,
    contactInfo: options.signer.registration,
    name: options.signer.name,
    location: "Brasil",
    signingTime: options.signedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: WIDGET_RECT,
    appName: "Sereno",
  });
  // Classic cross-reference table: the signature's byte range must be findable in the saved bytes.
  const prepared = Buffer.from(await document.save({ useObjectStreams: false }));
  const signer = new CadesSigner(options.key);
  return new SignPdf().sign(prepared, signer, options.signedAt);
}
