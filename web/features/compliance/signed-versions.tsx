/**
 * The signed versions of the Lei 14.457 file or the Lei 14.831 dossier (docs/decisions/098): each one
 * listed with its date and signer and downloaded as signed; the company's responsible person (a manager,
 * never the platform's admin) issues and signs a new version with their own A1 certificate.
 */
import { useQuery } from "@tanstack/react-query";
import { Download, FileSignature } from "lucide-react";
import { useState } from "react";
import { formatDatePtBR } from "#core/format.ts";
import { type SignedDocument, type SignedDocumentKind, signedDocumentKinds } from "#core/signed-documents.ts";
import { CertificateSignForm } from "#web/components/certificate-sign-form.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { api } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";
import { scopeQuery } from "./compliance.queries.ts";

const key = (companyId: string | null) => ["compliance", companyId, "signed-documents"] as const;

export function SignedVersions({ kind, companyId }: { kind: SignedDocumentKind; companyId: string | null }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: key(companyId),
    queryFn: () => api<{ documents: SignedDocument[] }>(`/api/compliance/signed-documents${scopeQuery(companyId)}`),
  });
  const versions = (list.data?.documents ?? []).filter((document) => document.kind === kind);
  const { title } = signedDocumentKinds[kind];
  return (
    <section
      aria-labelledby={`signed-${kind}`}
      className="space-y-3 rounded-xl border border-border bg-surface p-4"
      data-testid={`signed-${kind}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 id={`signed-${kind}`} className="font-semibold">
            Versões assinadas
          </h3>
          <p className="text-sm text-muted">
            Cada versão é o documento de hoje, assinado com o certificado digital ICP-Brasil A1 do responsável. Depois
            de assinada, ela não muda; para atualizar, assine uma nova versão.
          </p>
        </div>
        {viewer.role === "manager" ? (
          <Button size="sm" onClick={() => setOpen(true)}>
            <FileSignature aria-hidden className="size-4" /> Assinar nova versão
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <p className="text-sm text-danger">Não foi possível carregar as versões assinadas.</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-muted">{list.isPending ? "Carregando…" : "Nenhuma versão assinada ainda."}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {versions.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">Versão {document.version}</span> · assinada por {document.signerName} (
                {document.registration}) em {formatDatePtBR(document.signedAt)}
              </span>
              <a
                className={buttonClass("ghost", "sm")}
                href={`/api/compliance/signed-documents/${document.id}/signed.pdf${scopeQuery(companyId)}`}
                download
              >
                <Download aria-hidden className="size-4" /> PDF assinado da versão {document.version}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Assinar nova versão: ${title}`}
        description="O documento de hoje em PDF, com assinatura PAdES do seu certificado ICP-Brasil A1 (.pfx ou .p12). A versão assinada fica guardada e não muda."
      >
        <CertificateSignForm
          path={`/api/compliance/signed-documents/${kind}${scopeQuery(companyId)}`}
          invalidates={key(companyId)}
          registrationHint="Como deve aparecer no bloco de assinatura: o seu registro ou cargo (OAB-SP 123456, CRP 06/12345, Diretora de RH)."
          note="O PDF assinado leva o seu certificado, como toda assinatura ICP-Brasil (ele contém o seu CPF). Quem baixa são os gestores da empresa."
          onDone={() => setOpen(false)}
        />
      </Dialog>
    </section>
  );
}
