import { ChevronDown, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { PageIntro } from "#web/components/page-intro.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { useAdminJobs } from "#web/features/admin/admin-jobs.queries.ts";
import { AdminRestricted } from "#web/features/admin/admin-restricted.tsx";
import { CompanyList } from "#web/features/admin/company-list.tsx";
import { JobList } from "#web/features/admin/job-list.tsx";
import { NewCompanyForm, newCompanyFormId } from "#web/features/admin/new-company-form.tsx";
import { cn } from "#web/lib/cn.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Administração | Sereno" }];
}

/**
 * Spec 2 'Administration': companies, their managers and members, then the
 * automatic jobs (docs/decisions/019). Non-admins see why they cannot (decision 003).
 */
export default function AdminPage() {
  const me = useViewer();
  const isAdmin = me.role === "admin";
  const jobs = useAdminJobs(isAdmin);
  const [isCreating, setIsCreating] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  if (!isAdmin) return <AdminRestricted role={me.role} />;

  function closeForm() {
    setIsCreating(false);
    toggle.current?.focus();
  }

  return (
    <>
      <PageIntro
        actions={
          <Button
            ref={toggle}
            className="self-start sm:self-auto"
            aria-expanded={isCreating}
            aria-controls={newCompanyFormId}
            onClick={() => setIsCreating((open) => !open)}
          >
            <Plus aria-hidden className="size-4" strokeWidth={2} />
            Nova empresa
            <ChevronDown
              aria-hidden
              className={cn("size-4 transition-transform", isCreating && "rotate-180")}
              strokeWidth={1.75}
            />
          </Button>
        }
      >
        Cadastre empresas, convide gestores e membros e acompanhe quem ainda não aceitou o convite.
      </PageIntro>
      {isCreating ? <NewCompanyForm onDone={closeForm} onCancel={closeForm} /> : null}
      <CompanyList />
      <JobList query={jobs} />
    </>
  );
}
