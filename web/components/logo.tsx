/** The recipecart mark (a basket with a leaf) and word mark. Decorative svg; the text names it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width={size} height={size} className="logo__mark">
      <rect width="32" height="32" rx="9" fill="var(--color-brand-600)" />
      <path d="M7 13h18l-2.2 9.2A2.4 2.4 0 0 1 20.5 24h-9a2.4 2.4 0 0 1-2.3-1.8L7 13z" fill="#fff" />
      <path d="M11 13l3-5M21 13l-3-5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M13 17v3M16 17v3M19 17v3" stroke="var(--color-brand-600)" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M20.5 6.5c2.5-1.6 4.6-1 5.5-.5-.4 1.9-2.2 3.6-5.2 3" fill="var(--color-accent-500)" />
    </svg>
  );
}
