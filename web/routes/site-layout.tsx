import { Outlet } from "react-router";

export default function SiteLayout() {
  return (
    <>
      <header className="site-header">
        <a href="/" className="logo">recipecart</a>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">© 2024 recipecart</footer>
    </>
  );
}
