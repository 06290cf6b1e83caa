import { ComingSoon } from "#web/components/coming-soon.tsx";

export function meta() {
  return [{ title: "Sereno" }];
}

export default function Screen() {
  return (
    <ComingSoon
      title="Em construção"
      text="Esta área chega em breve. Enquanto isso, explore as outras seções do menu."
    />
  );
}
