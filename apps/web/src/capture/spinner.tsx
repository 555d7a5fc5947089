/*
 * The light pages' spinner (capture, sign-in), a module of its own so a page takes it without
 * the capture page's frame.
 */

/** A spinner for busy buttons; decorative, the button's text says what is happening. */
export function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
