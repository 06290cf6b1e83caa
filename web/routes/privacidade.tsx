import { legalTextFor } from "#web/features/legal/fill-placeholders.ts";
import { LegalPage } from "#web/features/legal/legal-page.tsx";
import { privacyPolicy as text } from "#web/features/legal/privacy-policy.ts";
import { legalConfig } from "#web/lib/legal-config.ts";
import { shareMeta } from "#web/lib/share-meta.ts";

export function meta() {
  return shareMeta({
    title: "Política de Privacidade | Sereno",
    description:
      "Como o Sereno trata os seus dados pessoais, conforme a LGPD: sua empresa nunca vê as suas respostas individuais, só dados agregados e anônimos.",
    path: "/privacidade",
  });
}

export default function PrivacidadePage() {
  const privacyPolicy = legalTextFor(text, legalConfig());
  return (
    <LegalPage
      title="Política de Privacidade"
      updatedAt={privacyPolicy.updatedAt}
      intro={privacyPolicy.intro}
      sections={privacyPolicy.sections}
    />
  );
}
