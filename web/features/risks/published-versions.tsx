import { useState } from "react";
import { formatIsoDay } from "#core/risks.ts";
import type { RiskOverview } from "#core/schemas/risk-responses.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { InventoryLinesTable } from "./inventory-lines-table.tsx";
import { scopeQuery } from "./risks.queries.ts";
import { AnnexAvailability, useInventorySignatures, VersionSignature } from "./version-signature.tsx";

type Version = RiskOverview["inventories"][number];

/**
 * 'Versões publicadas' of one establishment (docs/decisions/059): every version stays readable and
 * downloadable as it was published, its PDF and XLSX with the plan of that day. The version in force is
 * signed here with the SST professional's certificate (docs/decisions/081).
 */
export function PublishedVersions({ versions, companyId }: { versions: Version[]; companyId: string | null }) {
  const [opened, setOpened] = useState<Version | null>(null);
  const signatures = useInventorySignatures(companyId).data?.signatures ?? [];
  const current = signatures.find((s) => s.isCurrent && s.establishmentId === versions[0]?.establishmentId);
  const file = (version: Version, extension: "pdf" | "xlsx") =>
    `/api/risks/inventory-versions/${version.id}/export.${extension}${scopeQuery(companyId)}`;
  return (
    <section className="space-y-2" aria-labelledby={`versions-${versions[0]?.establishmentId}`}>
      <h3 id={`versions-${versions[0]?.establishmentId}`} className="font-medium">
        Versões publicadas
      </h3>
      {current ? <AnnexAvailability signature={current} /> : null}
      <ul className="divide-y divide-border rounded-lg border border-border">
        {versions.map((version, i) => (
          <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <span>
              <strong>Versão {version.version}</strong> · publicada em {formatIsoDay(version.publishedAt)} ·{" "}
              {version.content.lines.length} {version.content.lines.length === 1 ? "linha" : "linhas"} · pesquisa “
              {version.content.campaignTitle}”
            </span>
            <span className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setOpened(version)}>
                Abrir versão {version.version}
              </Button>
              <a className={buttonClass("ghost", "sm")} href={file(version, "pdf")} download>
                PDF da versão {version.version}
              </a>
              <a className={buttonClass("ghost", "sm")} href={file(version, "xlsx")} download>
                XLSX da versão {version.version}
              </a>
            </span>
            <VersionSignature
              versionId={version.id}
              version={version.version}
              isInForce={i === 0}
              signature={signatures.find((s) => s.versionId === version.id)}
              companyId={companyId}
            />
          </li>
        ))}
      </ul>
      <Dialog
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        className="max-w-4xl"
        title={opened ? `${opened.content.establishmentName} – versão ${opened.version}` : ""}
        description={
          opened
            ? `Publicada em ${formatIsoDay(opened.publishedAt)}, como foi publicada. Pesquisa “${opened.content.campaignTitle}”; critérios versão ${opened.content.criteria.version}.`
            : undefined
        }
      >
        {opened ? <InventoryLinesTable lines={opened.content.lines} /> : null}
      </Dialog>
    </section>
  );
}
