/** The company's signed PGR annexes as stored (docs/decisions/081, 082): what the signers' list and /pgr read. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { riskInventorySignatures, riskInventoryVersions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { documentFileName } from "./inventory-documents.ts";

const m = serverMessages.signature;

export /** The newest signature of each establishment of the company: what /pgr shows. */
async function currentSignatures(db: Db, companyId: string, establishmentIds?: string[]) {
  const rows = await db
    .select({
      signature: {
        id: riskInventorySignatures.id,
        versionId: riskInventorySignatures.versionId,
        establishmentId: riskInventorySignatures.establishmentId,
        signerName: riskInventorySignatures.signerName,
        registration: riskInventorySignatures.registration,
        certificateIssuer: riskInventorySignatures.certificateIssuer,
        signedAt: riskInventorySignatures.signedAt,
      },
      version: riskInventoryVersions,
    })
    .from(riskInventorySignatures)
    .innerJoin(riskInventoryVersions, eq(riskInventoryVersions.id, riskInventorySignatures.versionId))
    .where(
      and(
        eq(riskInventorySignatures.companyId, companyId),
        establishmentIds ? inArray(riskInventorySignatures.establishmentId, establishmentIds) : undefined,
      ),
    )
    .orderBy(desc(riskInventoryVersions.version));
  const seen = new Set<string>();
  return rows.map((row) => {
    const isCurrent = !seen.has(row.signature.establishmentId);
    seen.add(row.signature.establishmentId);
    return { ...row, isCurrent };
  });
}

/** The signed bytes of one signature of the company, as stored: every download is the same file. */
export async function signedFile(db: Db, companyId: string, signatureId: string) {
  const [row] = await db
    .select({
      pdf: riskInventorySignatures.pdf,
      version: riskInventoryVersions.version,
      establishmentName: sql<string>`${riskInventoryVersions.content}->>'establishmentName'`,
    })
    .from(riskInventorySignatures)
    .innerJoin(riskInventoryVersions, eq(riskInventoryVersions.id, riskInventorySignatures.versionId))
    .where(and(eq(riskInventorySignatures.id, signatureId), eq(riskInventorySignatures.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", m.notSigned);
  const name = documentFileName(row.establishmentName, "pdf", row.version).replace(".pdf", "-assinado.pdf");
  return { pdf: row.pdf, name };
}
