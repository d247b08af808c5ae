/** The Perch mark (an inline SVG so it follows the theme colours). */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="perch-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--primary)" />
          <stop offset="1" stopColor="color-mix(in srgb, var(--primary) 55%, #fff)" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#perch-logo-g)" />
      <path d="M18 44V20h14a9 9 0 0 1 0 18h-8v6z M24 32h8a3 3 0 0 0 0-6h-8z" fill="#fff" fillRule="evenodd" />
    </svg>
  );
}
