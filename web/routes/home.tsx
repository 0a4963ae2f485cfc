export function meta() {
  return [{ title: "home | recipecart" }];
}

export default function Page() {
  return <h1>home</h1>;
}
