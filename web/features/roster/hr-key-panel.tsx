import { ApiAdditions } from "./api-additions.tsx";
import { ApiKeyForm } from "./api-key-form.tsx";
import { ApiKeyList } from "./api-key-list.tsx";

/** The HR API keys' form, list and the day's additions: loaded after the page (web/features/roster/hr-integration.tsx). */
export function HrKeyPanel({ companyId }: { companyId: string | null }) {
  return (
    <>
      <ApiKeyForm companyId={companyId} />
      <ApiKeyList companyId={companyId} />
      <ApiAdditions companyId={companyId} />
    </>
  );
}
