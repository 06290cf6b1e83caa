import { Suspense } from "react";
import { loadFailed } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useHeldPeople } from "./roster.queries.ts";

const HeldPeoplePanel = lazyNamed(
  () => import("./held-people-panel.tsx").then((module) => module.HeldPeoplePanel),
  () => null,
);

/**
 * The people an HR key sent past the day's cap (docs/decisions/085): nothing
 * most days, so the list and its dialog load only when someone is waiting
 * (the page is at its JS budget, docs/decisions/042).
 */
export function HeldPeople({ companyId }: { companyId: string | null }) {
  const held = useHeldPeople(companyId);
  if (held.isError) return <Alert tone="error">{loadFailed("as pessoas aguardando confirmação")}</Alert>;
  const items = held.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <HeldPeoplePanel companyId={companyId} items={items} />
    </Suspense>
  );
}
