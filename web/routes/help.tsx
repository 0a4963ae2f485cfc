export function meta() {
  return [{ title: "help | recipecart" }];
}

export default function Page() {
  return <h1>help</h1>;
}
