import { LegalPage } from "#web/features/legal/legal-page.tsx";
import { privacyPolicy } from "#web/features/legal/privacy-policy.ts";

export function meta() {
  return [
    { title: "Política de Privacidade | Sereno" },
    {
      name: "description",
      content:
        "Como o Sereno trata os seus dados pessoais, conforme a LGPD: sua empresa nunca vê as suas respostas individuais, só dados agregados e anônimos.",
    },
  ];
}

export default function PrivacidadePage() {
  return (
    <LegalPage
      title="Política de Privacidade"
      updatedAt={privacyPolicy.updatedAt}
      intro={privacyPolicy.intro}
      sections={privacyPolicy.sections}
    />
  );
}
