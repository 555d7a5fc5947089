/**
 * The product mark; decorative, the product name next to it carries the meaning. `className`
 * replaces the default size (no class merging: the sign-in page's light build draws it too).
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path d="M10 8v16h12" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="21.5" cy="11.5" r="3" className="fill-indigo-200" />
    </svg>
  );
}
