export function meta() {
  return [{ title: "about | recipecart" }];
}

export default function Page() {
  return <h1>about</h1>;
}
