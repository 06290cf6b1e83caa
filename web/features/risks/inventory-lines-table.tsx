import type { RiskInventoryLine } from "#core/schemas/risk-inventory.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { levelClass } from "./level-style.ts";

/** The lines a–e of one published inventory version, as its snapshot holds them. */
export function InventoryLinesTable({ lines }: { lines: RiskInventoryLine[] }) {
  return (
    <ScrollRegion label="Linhas do inventário de riscos">
      <table className="min-w-full text-sm">
        <thead>
          <tr className="text-left">
            <th className="p-2">Setor (a, b)</th>
            <th className="p-2">Perigo e expostos (c)</th>
            <th className="p-2">Monitoramento (d)</th>
            <th className="p-2">Avaliação (e)</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.sectorId}-${line.hazard}`} className="border-t border-border align-top">
              <td className="p-2">
                <strong>{line.sectorName}</strong>
                <span className="block text-muted">{line.activities}</span>
              </td>
              <td className="p-2">
                {line.hazardName}
                <span className="block text-muted">
                  {line.exposed} expostos · {line.measuresInPlace || "sem medidas registradas"}
                </span>
              </td>
              <td className="p-2 text-muted">{line.monitoring}</td>
              <td className="p-2">
                <Badge className={levelClass(line.levelIndex ?? 0)}>{line.level}</Badge>
                <span className="block">{line.decision}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
