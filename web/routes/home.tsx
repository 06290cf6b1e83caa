export function meta() {
  return [{ title: "Sereno | Bem-estar mental no trabalho" }];
}

export default function Home() {
  return <div className="mx-auto max-w-4xl p-6">Sereno</div>;
}
