import { formatIsoDay } from "#core/risks.ts";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { usePublishedInventory } from "./survey.queries.ts";

/** NR-1 1.5.3.3 b): what a worker may read of their establishment's inventory and plan. */
export function PublishedSummary() {
  const published = usePublishedInventory().data;
  if (!published?.establishments.length) return null;
  return (
    <>
      {published.establishments.map((establishment) => (
        <Card key={establishment.name} className="space-y-3">
          <CardTitle>Inventário de riscos e plano de ação – {establishment.name}</CardTitle>
          <CardDescription>
            Versão {establishment.version}, publicada em {formatIsoDay(establishment.publishedAt)}
            {establishment.nextReviewOn ? `; próxima revisão até ${formatIsoDay(establishment.nextReviewOn)}` : ""}.
          </CardDescription>
          <ul className="space-y-1 text-sm">
            {establishment.lines.map((line) => (
              <li key={`${line.sectorName}-${line.hazardName}`}>
                <strong>{line.sectorName}</strong> – {line.hazardName}: nível {line.level} ({line.decision})
              </li>
            ))}
          </ul>
          {establishment.actions.length ? (
            <>
              <h3 className="font-medium">Ações</h3>
              <ul className="space-y-1 text-sm">
                {establishment.actions.map((action) => (
                  <li key={`${action.title}-${action.dueOn}`}>
                    {action.title} ({action.sectorName}) – {action.status}, prazo {formatIsoDay(action.dueOn)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
      ))}
    </>
  );
}
