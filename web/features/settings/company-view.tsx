import {
  BarChart3,
  CalendarCheck,
  CalendarRange,
  EyeOff,
  FileSpreadsheet,
  Gauge,
  HeartHandshake,
  Lock,
  NotebookPen,
  Smile,
  Sparkles,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import {
  ACTIVE_LEAD_DAYS,
  type BudgetLine,
  DAILY_GRAIN_MIN_MEMBERS,
  ESTABLISHED_MEMBER_DAYS,
  epsilonCeiling,
  resultadosBudgetLines,
  yearlyEpsilonOf,
  yearlyResultadosEpsilon,
  yearlyScaleEpsilon,
} from "#core/disclosure.ts";
import { formatDecimal, formatNumber } from "#core/format.ts";
import type { PrivacySummary } from "#core/schemas/privacy-rights.ts";
import { teamMessages } from "#core/team-messages.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/** The yearly total of docs/decisions/061 and 083, rounded up: a limit is never written smaller than it is. */
const yearlyTotal = formatDecimal(epsilonCeiling(yearlyScaleEpsilon));
/** Resultados' own yearly total and its three lines (docs/decisions/084). */
const resultadosTotal = formatDecimal(epsilonCeiling(yearlyResultadosEpsilon));
const [adoptionYear, who5Year, careYear] = resultadosBudgetLines.map((line) =>
  formatNumber(epsilonCeiling(yearlyEpsilonOf(line)), { upTo: 1 }),
);

/**
 * 'O que sua empresa vê': the figures managers see, in the member's words,
 * with the privacy rules of docs/decisions/040 (closed windows, noise with a
 * margin, at least `minGroup` people, monthly for small teams), an example of a hidden figure and the
 * member's own year: how many figures counted them, against each limit.
 */
export function CompanyView({
  companyName,
  minGroup,
  budget,
}: {
  companyName: string | null;
  minGroup: number;
  budget: PrivacySummary["budget"];
}) {
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-muted">
        {companyName ? (
          <>
            Na <strong className="text-fg">{companyName}</strong>, os gestores acompanham o bem-estar da equipe só por
            números de grupo. Aqui está exatamente o que eles enxergam, e o que nunca chega a eles.
          </>
        ) : (
          <>
            Você ainda não faz parte de uma empresa no Sereno, então ninguém além de você vê nada sobre o seu uso. Se um
            dia a sua empresa te convidar, os gestores vão enxergar apenas números de grupo, assim:
          </>
        )}
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="space-y-4">
          <CardTitle>O que os gestores veem</CardTitle>
          <ul className="space-y-4">
            <Rule icon={Users} title="Total de membros">
              Quantas pessoas fazem parte da equipe no Sereno.
            </Rule>
            <Rule icon={CalendarCheck} title="Check-ins de hoje e participação">
              Só contagens: quantas pessoas já responderam. Nenhum humor aparece aqui.
            </Rule>
            <Rule icon={Smile} title="Humor médio e % de bem-estar">
              Só de dias que já terminaram, e só quando cerca de <strong>{minGroup} pessoas</strong> ou mais
              responderam. Gestores não contam, nem contas novas: só conta para esse mínimo quem já fazia check-in pelo
              menos {ACTIVE_LEAD_DAYS} dias antes do período, ou está na empresa há {ESTABLISHED_MEMBER_DAYS} dias ou
              mais. Cada número recebe um ajuste aleatório de propósito (ruído estatístico) e aparece como um intervalo,
              como <span className="whitespace-nowrap">«entre 3,1 e 3,7 numa escala de 1 a 5»</span>: nem comparando
              relatórios por meses alguém descobre a sua resposta.
            </Rule>
            <Rule icon={CalendarRange} title={`Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas`}>
              Nelas, o humor não aparece por dia, só por mês encerrado: cada pessoa conta uma vez, pela sua média do
              mês.
            </Rule>
            <Rule icon={Gauge} title="Um limite por ano, somando dias e meses">
              Cada check-in seu entra em no máximo um número por dia (ou um por mês, nas equipes pequenas). Somando tudo
              o que a empresa vê do seu humor em 12 meses, dias e meses juntos, o gasto de privacidade tem um teto:{" "}
              <strong>{yearlyTotal}</strong> (a medida técnica, ε), mesmo para quem faz check-in todos os dias. Na
              prática, nem alguém que soubesse as respostas dos seus colegas e lesse todos os números do ano acertaria o
              seu humor de costume na maioria das vezes, por mais que combinasse esses números. Energia e estresse têm,
              cada um, o mesmo teto.
            </Rule>
            <Rule icon={Smile} title="Energia e estresse médios">
              As respostas opcionais do check-in seguem a mesma regra, cada uma contada à parte, com o seu próprio
              ajuste aleatório.
            </Rule>
            <Rule icon={HeartHandshake} title="Apoio psicológico, grupos de apoio e pesquisa NR-1">
              Se você marca uma sessão com psicólogo, entra num grupo de apoio ou responde à pesquisa psicossocial,
              nenhum número que a empresa vê muda na hora. Ela vê só totais de períodos encerrados, com o mesmo ajuste
              aleatório e o mesmo mínimo de pessoas.
            </Rule>
            <Rule icon={BarChart3} title="Resultados: números do grupo por mês e por trimestre">
              Depois que um mês termina, quantas pessoas ativaram a conta e usaram o Sereno no mês. Depois que um
              trimestre termina, a média do Índice de Bem-Estar (WHO-5) de quem respondeu e quanto ela mudou, em média,
              desde o primeiro trimestre (cada pessoa comparada com ela mesma, sem que ninguém veja a mudança de
              ninguém). No apoio psicológico, só da empresa inteira e a partir de 10 pessoas: o tempo até a primeira
              sessão, as sessões por pessoa e quantas pessoas melhoraram nos questionários PHQ-9 e GAD-7. A empresa
              nunca vê as suas respostas nem a sua pontuação: cada número tem o mesmo ajuste aleatório, a sua margem e o
              mínimo de pessoas, e uma pessoa conta uma vez por período.
            </Rule>
            <Rule icon={Gauge} title="Um limite por ano também nos Resultados">
              Os números dos Resultados têm o seu próprio teto por pessoa em 12 meses:{" "}
              <strong>{resultadosTotal}</strong> (uso do Sereno {adoptionYear}, Índice de Bem-Estar {who5Year}, apoio
              psicológico {careYear}). O humor do trimestre e a comparação das pesquisas NR-1 não gastam nada a mais:
              são calculados a partir dos mesmos números já publicados por dia, por mês e por pesquisa, e por isso o
              teto do seu humor continua {yearlyTotal}.
            </Rule>
            <Rule icon={BarChart3} title="Gráficos e relatórios">
              Seguem as mesmas regras: um ponto por dia, nunca por pessoa.
            </Rule>
            <Rule icon={FileSpreadsheet} title="Planilha (CSV)">
              Uma linha por dia, com os mesmos números agregados. Nunca uma linha por pessoa.
            </Rule>
          </ul>
        </Card>
        <div className="space-y-6">
          <Card className="space-y-4">
            <CardTitle>O que ninguém vê</CardTitle>
            <ul className="space-y-4">
              <Rule icon={Lock} title="O seu humor, energia e estresse">
                Ninguém vê como você respondeu em um dia: nem gestores, nem a equipe do Sereno.
              </Rule>
              <Rule icon={NotebookPen} title="As suas anotações">
                Nunca são mostradas a ninguém e não entram em nenhum número. Só você as lê.
              </Rule>
              <Rule icon={Sparkles} title="O seu Índice de Bem-Estar (WHO-5)">
                As cinco respostas do questionário do trimestre e o seu índice de 0 a 100 ficam só com você, em Meu
                bem-estar: nenhum gestor nem a equipe do Sereno os vê, nem quem respondeu ou deixou de responder. Em
                Resultados, a empresa vê só a média do trimestre encerrado, de grupos, com a margem.
              </Rule>
            </ul>
          </Card>
          <HiddenFigureExample minGroup={minGroup} />
          <YourYear budget={budget} />
        </div>
      </div>
    </div>
  );
}

function Rule({ icon: Icon, title, children }: { icon: typeof Users; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden className="size-4" strokeWidth={1.75} />
      </span>
      <div className="space-y-0.5">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted">{children}</p>
      </div>
    </li>
  );
}

/** Two day cards as a manager would see them: one shown, one hidden because too few people answered. */
function HiddenFigureExample({ minGroup }: { minGroup: number }) {
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <CardTitle>Um exemplo</CardTitle>
        <CardDescription>Dois dias no painel de um gestor (números ilustrativos).</CardDescription>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2 rounded-md border border-border p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium">Terça-feira</p>
            <Badge>Exemplo</Badge>
          </div>
          <p className="text-2xl font-semibold whitespace-nowrap">3,8</p>
          <p className="text-sm text-muted">
            Humor médio de cerca de 60 respostas: entre 3,0 e 4,6 numa escala de 1 a 5. Dá para ver a média, nunca quem
            respondeu o quê.
          </p>
        </div>
        <div className="space-y-2 rounded-md border border-border bg-surface-2 p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium">Quarta-feira</p>
            <Badge>Exemplo</Badge>
          </div>
          <p className="flex items-start gap-2 font-medium">
            <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" strokeWidth={1.75} />
            {teamMessages.moodHidden}
          </p>
          <p className="text-sm text-muted">
            Só cerca de {Math.max(1, minGroup - 2)} pessoas responderam, menos de {minGroup}: o humor desse dia fica
            escondido.
          </p>
        </div>
      </div>
    </Card>
  );
}

/** What each line of the member's year means, and what happens past its limit (docs/decisions/040, "Budget"). */
const budgetLines: Record<BudgetLine, { title: string; past: string }> = {
  checkInDays: {
    title: "Dias com check-in",
    past: "Cada dia entra, com ajuste aleatório, no humor do dia (ou do mês) da empresa.",
  },
  riskCampaigns: {
    title: "Pesquisas de riscos (NR-1) respondidas",
    past: "Depois de 4 em 12 meses, não pedimos outra: suas respostas continuam impossíveis de identificar.",
  },
  groupSessions: {
    title: "Grupos de apoio",
    past: "Depois de 52 em 12 meses, você deixa de entrar nas contagens de quem participou.",
  },
  groupRatings: {
    title: "Encontros avaliados",
    past: "Depois de 52 em 12 meses, suas avaliações deixam de entrar nas médias.",
  },
  careMonths: {
    title: "Meses com sessão de psicologia",
    past: "Cada mês entra, com ajuste aleatório, na contagem de pessoas atendidas.",
  },
  memberMonths: {
    title: "Meses como membro da empresa",
    past: "Cada mês encerrado entra, com ajuste aleatório, na adesão dos Resultados (quem ativou e quem usou).",
  },
  who5Quarters: {
    title: "Trimestres com o questionário de bem-estar (WHO-5)",
    past: "Sua última resposta de cada trimestre entra, com ajuste aleatório, na média e na evolução da empresa.",
  },
  careQuarters: {
    title: "Trimestres com sessão de psicologia",
    past: "Cada trimestre entra, com ajuste aleatório e só a partir de 10 pessoas, nos números do cuidado.",
  },
};

/** The member's last 12 months: each kind of figure that counted them, against its limit. */
function YourYear({ budget }: { budget: PrivacySummary["budget"] }) {
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <CardTitle>Você nos números, nos últimos 12 meses</CardTitle>
        <CardDescription>
          Cada número que a empresa vê usa um pouco da sua privacidade. Por isso há um limite por ano para cada tipo:
          passando dele, você sai da conta, sem que ninguém saiba.
        </CardDescription>
      </div>
      <ul className="space-y-4">
        {budget.map(({ line, used: counted, limit }) => {
          // Past a counted limit a person is left out: the figures that counted them stop at the limit.
          const used = Math.min(counted, limit);
          return (
            <li key={line} className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-medium">{budgetLines[line].title}</p>
                <p className="shrink-0 text-sm text-muted tabular-nums">
                  {used} de {limit}
                </p>
              </div>
              <ProgressBar value={(100 * used) / limit} label={`${budgetLines[line].title}: ${used} de ${limit}`} />
              <p className="text-sm text-muted">{budgetLines[line].past}</p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
