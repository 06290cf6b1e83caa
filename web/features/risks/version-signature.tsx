/**
 * Signing a published inventory version with the SST professional's ICP-Brasil A1 certificate, and how
 * the signed annex has been available to the workers (docs/decisions/081, 082). The certificate and its
 * password go with the one request that signs and are not kept, not even in this page's state after it.
 */
import { useQuery } from "@tanstack/react-query";
import { FileSignature } from "lucide-react";
import { useState } from "react";
import { formatDatePtBR } from "#core/format.ts";
import type { InventorySignature } from "#core/signed-annex.ts";
import { CertificateSignForm } from "#web/components/certificate-sign-form.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { api } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";
import { riskKeys, scopeQuery } from "./risks.queries.ts";

export function useInventorySignatures(companyId: string | null) {
  return useQuery({
    queryKey: ["risks", companyId, "signatures"],
    queryFn: () => api<{ signatures: InventorySignature[] }>(`/api/risks/inventory-signatures${scopeQuery(companyId)}`),
  });
}

const times = (count: number) => (count === 1 ? "1 vez" : `${count} vezes`);

/** 'Disponível desde' and 'acessos no período' of the establishment's current signed annex. */
export function AnnexAvailability({ signature }: { signature: InventorySignature }) {
  const { access } = signature;
  return (
    <div
      className="space-y-1 rounded-lg border border-border bg-surface-2 p-3 text-sm"
      data-testid="annex-availability"
    >
      <p className="font-medium">Anexo do PGR disponível para os trabalhadores</p>
      <p>
        Disponível desde {formatDatePtBR(signature.signedAt)} em “PGR da empresa”, no menu de cada pessoa da empresa
        (versão {signature.version}, assinada).
      </p>
      <p>
        Acessos nos últimos 30 dias: aberto {times(access.viewsLast30Days)}, baixado {times(access.downloadsLast30Days)}
        . Desde a assinatura: aberto {times(access.views)}, baixado {times(access.downloads)}.
      </p>
      <p className="text-xs text-muted">Contamos os acessos por dia, sem registrar quem abriu.</p>
    </div>
  );
}

/** A version's signature line: who signed and the signed PDF, or 'Assinar' for the version in force. */
export function VersionSignature({
  versionId,
  version,
  isInForce,
  signature,
  companyId,
}: {
  versionId: string;
  version: number;
  isInForce: boolean;
  signature: InventorySignature | undefined;
  companyId: string | null;
}) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (signature)
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-success">
          Assinada por {signature.signerName} ({signature.registration}) em {formatDatePtBR(signature.signedAt)}
        </span>
        <a
          className={buttonClass("ghost", "sm")}
          href={`/api/risks/inventory-signatures/${signature.id}/signed.pdf${scopeQuery(companyId)}`}
          download
        >
          PDF assinado da versão {version}
        </a>
      </span>
    );
  // Only the version in force is signed, by the company's own SST professional (a manager), never an admin.
  if (!isInForce || viewer.role !== "manager") return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <FileSignature aria-hidden className="size-4" /> Assinar versão {version}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Assinar a versão ${version} com certificado digital`}
        description="Assinatura PAdES com o seu certificado ICP-Brasil A1 (.pfx ou .p12). Depois de assinada, a versão não muda e fica disponível para todos os trabalhadores."
      >
        <CertificateSignForm
          path={`/api/risks/inventory-versions/${versionId}/signature${scopeQuery(companyId)}`}
          invalidates={riskKeys.all}
          registrationHint="Como deve aparecer no bloco de assinatura: conselho, UF e número (CREA-SP 5061234567, CRM-RJ 52123, MTE 12345)."
          note="O PDF assinado leva o seu certificado, como toda assinatura ICP-Brasil (ele contém o seu CPF), e todos os trabalhadores da empresa podem baixá-lo."
          onDone={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
