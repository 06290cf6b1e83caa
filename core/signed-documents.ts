/**
 * The compliance file's signed documents as the API answers them (docs/decisions/098): each version of
 * the Lei 14.457 file and of the Lei 14.831 dossier signed by the company's responsible person.
 */

export const signedDocumentKinds = {
  "lei-14457": { title: "Arquivo da Lei 14.457 (assédio e violência)", fileName: "lei-14457" },
  "lei-14831": { title: "Dossiê da Lei 14.831 (saúde mental)", fileName: "lei-14831" },
} as const;

export type SignedDocumentKind = keyof typeof signedDocumentKinds;
export const signedDocumentKindIds = Object.keys(signedDocumentKinds) as [SignedDocumentKind, ...SignedDocumentKind[]];

/** One signed version, as /conformidade lists it (never the PDF's bytes). */
export type SignedDocument = {
  id: string;
  kind: SignedDocumentKind;
  version: number;
  signerName: string;
  registration: string;
  certificateIssuer: string;
  signedAt: string;
};
