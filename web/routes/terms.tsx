export function meta() {
  return [{ title: "terms | recipecart" }];
}

export default function Page() {
  return <h1>terms</h1>;
}
