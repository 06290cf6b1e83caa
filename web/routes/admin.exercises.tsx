import { PageIntro } from "#web/components/page-intro.tsx";
import { useAdminExercises, useStorageStatus } from "#web/features/exercise-admin/exercise-admin.queries.ts";
import { ExerciseAdminGrid } from "#web/features/exercise-admin/exercise-admin-grid.tsx";
import { ExerciseAdminRestricted } from "#web/features/exercise-admin/exercise-admin-restricted.tsx";
import { ExerciseCreateForm } from "#web/features/exercise-admin/exercise-form.tsx";
import { StorageBanner } from "#web/features/exercise-admin/storage-banner.tsx";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Gerenciar exercícios | Sereno" }];
}

/** Spec 2 'Exercise administration': storage check, the create form, the catalogue. Non-admins see why not (decision 003). */
export default function AdminExercisesPage() {
  const me = useViewer();
  const isAdmin = me.role === "admin";
  const storage = useStorageStatus(isAdmin);
  const exercises = useAdminExercises(isAdmin);

  if (!isAdmin) return <ExerciseAdminRestricted />;

  return (
    <div className="space-y-6">
      <PageIntro>
        Crie exercícios com link, vídeo, áudio ou PDF para o catálogo e acompanhe o que já está disponível para as
        pessoas.
      </PageIntro>
      <StorageBanner query={storage} />
      <ExerciseCreateForm storageConfigured={storage.data?.configured} />
      <ExerciseAdminGrid query={exercises} />
    </div>
  );
}
