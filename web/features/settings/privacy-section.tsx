import { Download, Eye, Mail, ShieldCheck } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { loadFailed } from "#core/messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { usePrivacySummary } from "#web/lib/consent.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { usePublicConfig } from "#web/lib/public-config.ts";
import { ConsentPanel } from "./consent-panel.tsx";
import { SettingsSection } from "./settings-section.tsx";

/** Excluir minha conta, its form and dialog: beside the page rather than in its first load (docs/decisions/042). */
const DeleteAccountDialog = lazyNamed(
  () => import("./delete-account-dialog.tsx").then((module) => module.DeleteAccountDialog),
  () => <p className="text-sm text-danger">{loadFailed("a exclusão da conta")}.</p>,
);

/**
 * 'Privacidade e dados': the member's LGPD rights (art. 18) in one place (docs/decisions/015). `otherConsents`:
 * consents of other features shown beside the mood consent (the WHO-5's, docs/decisions/077), composed by the route.
 */
export function PrivacySection({ otherConsents }: { otherConsents?: ReactNode }) {
  const summary = usePrivacySummary();
  return (
    <SettingsSection
      id="privacidade-dados"
      icon={ShieldCheck}
      title="Privacidade e dados"
      description="Seus direitos sobre os seus dados: consentimento, cópia, exclusão e quem procurar."
      className="lg:col-span-2"
    >
      <div className="grid gap-6 md:grid-cols-2">
        <ConsentPanel />
        {otherConsents}
        <div className="space-y-3">
          <h3 className="font-medium">Baixar meus dados</h3>
          <p className="text-sm text-muted">
            Uma cópia de tudo o que o Sereno guarda sobre você: perfil, consentimentos, check-ins com anotações,
            exercícios, XP e pontos, atendimentos, o cadastro da empresa, suas entradas na conta, o Canal de escuta e os
            acessos da equipe Sereno aos seus dados. O arquivo também diz o que fica de fora, e por quê.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <a href="/api/me/export.html" download className={buttonClass("secondary")}>
              <Download aria-hidden className="size-4" /> Baixar para ler (HTML)
            </a>
            <a href="/api/me/export.json" download className={buttonClass("secondary")}>
              <Download aria-hidden className="size-4" /> Baixar em JSON
            </a>
          </div>
        </div>
        <div className="space-y-3">
          <h3 className="font-medium">O que sua empresa vê</h3>
          <p className="text-sm text-muted">
            Veja exatamente quais números os gestores da sua empresa enxergam, e quais nunca chegam a eles.
          </p>
          <Link to="/o-que-sua-empresa-ve" className={buttonClass("secondary")}>
            <Eye aria-hidden className="size-4" /> Ver o que sua empresa vê
          </Link>
        </div>
        <DpoContact />
      </div>
      <div className="space-y-3 border-t border-border pt-5">
        <h3 className="font-medium">Excluir minha conta</h3>
        <p className="text-sm text-muted">
          Apaga seus dados pessoais do Sereno para sempre e encerra todas as suas sessões.
        </p>
        <QueryPanel
          query={summary}
          errorMessage={loadFailed("suas opções de conta")}
          loading={<Skeleton className="h-11 w-48" />}
        >
          {({ hasPassword }) => (
            <Suspense fallback={<Skeleton className="h-11 w-48" />}>
              <DeleteAccountDialog hasPassword={hasPassword} />
            </Suspense>
          )}
        </QueryPanel>
      </div>
    </SettingsSection>
  );
}

/** The data protection officer (encarregado, LGPD art. 41), from the server's configuration. */
function DpoContact() {
  const config = usePublicConfig();
  return (
    <div className="space-y-3">
      <h3 className="font-medium">Encarregado de dados (DPO)</h3>
      <QueryPanel
        query={config}
        errorMessage={loadFailed("o contato do encarregado")}
        loading={<Skeleton className="h-12 w-full" />}
      >
        {({ dpo }) => (
          <div className="space-y-1 text-sm">
            <p>
              Dúvidas ou pedidos sobre seus dados? Fale com <strong>{dpo.name}</strong>, o encarregado de proteção de
              dados do Sereno:
            </p>
            <a
              href={`mailto:${dpo.email}`}
              className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline underline-offset-4"
            >
              <Mail aria-hidden className="size-4" />
              {dpo.email}
            </a>
          </div>
        )}
      </QueryPanel>
    </div>
  );
}
