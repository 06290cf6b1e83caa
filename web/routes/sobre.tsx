export function meta() {
  return [{ title: "Sereno" }];
}

export default function Page() {
  return <div className="mx-auto max-w-4xl p-6">Sereno</div>;
}
