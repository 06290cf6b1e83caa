import { Building2 } from "lucide-react";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Label, Select } from "#web/components/ui/field.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import type { useCompanyChoice } from "./use-company-choice.ts";

/** The admin's company selector (spec 2: reports and team for admins); renders nothing for a manager. */
export function CompanyPicker({ choice }: { choice: ReturnType<typeof useCompanyChoice> }) {
  if (!choice.isAdmin) return null;
  return (
    <QueryPanel
      query={choice.companies}
      errorMessage={loadFailed("as empresas")}
      loading={<Skeleton className="h-16 w-full" />}
    >
      {(companies) =>
        companies.length === 0 ? (
          <EmptyState icon={Building2} title="Nenhuma empresa cadastrada">
            Crie a primeira empresa em Administração.
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-1.5 sm:max-w-sm">
            <Label htmlFor="company-picker">Empresa</Label>
            <Select
              id="company-picker"
              value={choice.companyId ?? ""}
              onChange={(event) => choice.choose(event.target.value)}
            >
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </Select>
          </div>
        )
      }
    </QueryPanel>
  );
}
