import { ChevronRight, FileText } from "lucide-react";
import { Link } from "react-router";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { helpDocuments } from "./help-content.ts";

export function HelpDocuments() {
  return (
    <Card role="region" aria-labelledby="documentos-titulo" className="flex flex-col gap-3">
      <CardTitle id="documentos-titulo">Documentos</CardTitle>
      <ul className="-mx-2 flex flex-col">
        {helpDocuments.map((document) => (
          <li key={document.to}>
            <Link to={document.to} className="flex min-h-11 items-center gap-3 rounded-md px-2 py-2 hover:bg-surface-2">
              <FileText aria-hidden className="size-5 shrink-0 text-primary" strokeWidth={1.75} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{document.label}</span>
                <span className="block text-sm text-muted">{document.description}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" strokeWidth={1.75} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
