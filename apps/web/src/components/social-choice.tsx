import type { ReactNode } from 'react';
import { buttonBaseClasses, buttonSizeClasses, buttonVariantClasses } from './ui/classes.ts';

/**
 * "Or continue with" and one link per identity provider, as the sign-in page (its light build)
 * and the register page both draw it; nothing at all without providers. Plain links with the
 * button's classes, so the light build carries no more than it needs.
 */
export function SocialChoice({
  divider,
  links,
  footnote,
}: {
  divider: string;
  links: readonly { id: string; href: string; label: string }[];
  footnote?: ReactNode;
}) {
  if (links.length === 0) return null;
  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {divider}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <ul className="grid gap-2">
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={link.href}
              className={`${buttonBaseClasses} ${buttonVariantClasses.outline} ${buttonSizeClasses.lg} w-full`}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      {footnote === undefined ? null : <p className="text-center text-xs text-muted-foreground">{footnote}</p>}
    </div>
  );
}
