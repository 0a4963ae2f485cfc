export function meta() {
  return [{ title: "contact | recipecart" }];
}

export default function Page() {
  return <h1>contact</h1>;
}
