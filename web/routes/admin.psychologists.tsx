/**
 * Admin › Psicólogos(as) (issue 13): invite, verify, suspend; each company's session rule; psychologists by
 * status. No live count of appointments (issue 32): each company's use is on /appointments, by closed month.
 */
import { useState } from "react";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Select } from "#web/components/ui/field.tsx";
import { AdminRestricted } from "#web/features/admin/admin-restricted.tsx";
import { useAdminPsychologists, useCareSummary } from "#web/features/care/care.queries.ts";
import { CompanyCareForm } from "#web/features/care/company-care-form.tsx";
import { PsychologistAdminList } from "#web/features/care/psychologist-admin-list.tsx";
import { PsychologistForm } from "#web/features/care/psychologist-form.tsx";
import { useCompanies } from "#web/features/teams/teams.queries.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Psicólogos(as) | Sereno" }];
}

function Counts() {
  const summary = useCareSummary();
  return (
    <QueryPanel query={summary} errorMessage="Não foi possível carregar os números.">
      {(data) => (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {[
            ["Verificados(as)", data.psychologists.verified],
            ["Aguardando verificação", data.psychologists.pending],
            ["Suspensos(as)", data.psychologists.suspended],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md bg-surface-2 p-3">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="text-2xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </QueryPanel>
  );
}

function CompanyRules() {
  const companies = useCompanies(true);
  const [companyId, setCompanyId] = useState("");
  const chosen = companyId || companies.data?.[0]?.id || "";
  return (
    <QueryPanel query={companies} errorMessage="Não foi possível carregar as empresas.">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted">Nenhuma empresa cadastrada.</p>
        ) : (
          <div className="space-y-3">
            <Field id="empresa-regras" label="Empresa" className="max-w-sm">
              <Select id="empresa-regras" value={chosen} onChange={(e) => setCompanyId(e.target.value)}>
                {list.map((company) => (
                  <option key={company.id} value={company.id}>
                    {company.name}
                  </option>
                ))}
              </Select>
            </Field>
            {chosen ? <CompanyCareForm companyId={chosen} /> : null}
          </div>
        )
      }
    </QueryPanel>
  );
}

export default function AdminPsychologistsPage() {
  const me = useViewer();
  const list = useAdminPsychologists();
  if (me.role !== "admin") return <AdminRestricted role={me.role} />;
  return (
    <div className="space-y-6">
      <PageIntro>
        Quem atende pelo Sereno. Só aparece no diretório quem está verificado(a): CRP e e-Psi conferidos nos últimos 12
        meses. Avisamos por e-mail 30 dias antes de vencer.
      </PageIntro>
      <Card className="space-y-3">
        <CardTitle>Na plataforma</CardTitle>
        <Counts />
        <p className="text-xs text-muted">
          O uso do apoio por empresa aparece em Consultas, por mês encerrado e com margem, como o gestor vê: nenhum
          número aqui muda quando alguém agenda, comparece ou falta.
        </p>
      </Card>
      <Card className="space-y-3">
        <CardTitle>Cadastrar psicólogo(a)</CardTitle>
        <PsychologistForm />
      </Card>
      <Card className="space-y-3">
        <CardTitle>Cadastrados(as)</CardTitle>
        <QueryPanel query={list} errorMessage="Não foi possível carregar a lista.">
          {(rows) => <PsychologistAdminList list={rows} />}
        </QueryPanel>
      </Card>
      <Card className="space-y-3">
        <CardTitle>Sessões por empresa</CardTitle>
        <CompanyRules />
      </Card>
    </div>
  );
}
