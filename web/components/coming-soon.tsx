import { Sprout } from "lucide-react";
import { Card } from "#web/components/ui/card.tsx";

/** An honest empty state for a screen whose feature is not built yet: no fake data. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <Sprout aria-hidden className="size-10 text-primary" strokeWidth={1.5} />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted">{text}</p>
    </Card>
  );
}
