export function meta() {
  return [{ title: "privacy | recipecart" }];
}

export default function Page() {
  return <h1>privacy</h1>;
}
