import type { FormField } from '@leadcapture/contracts/form-fields';
import { Check, ExternalLink, Info, Play } from 'lucide-react';
import type { FormRendererMessages } from './form-renderer.tsx';
import { accentButtonClass, cx } from './form-renderer-styles.ts';

export interface LayoutFieldProps {
  field: FormField;
  /** The document level of a heading (2–4), worked out by the renderer. */
  headingLevel: number;
  messages: FormRendererMessages;
}

/** Only http(s) addresses become links or images (the contract allows no other; this is the backstop). */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The look of a heading follows the level the author picked, whatever level the document gives it. */
const headingLook: Record<FormField['heading_level'], string> = {
  1: 'text-xl font-semibold tracking-tight',
  2: 'text-lg font-semibold',
  3: 'text-base font-semibold',
};

const textBlock = 'text-sm/6 whitespace-pre-line';

/**
 * The fields that only lay out the page. A video is a link card to the video, not an embedded
 * player: a third-party iframe would need the CSP opened to that host and would cost far more
 * than the capture page's whole performance budget.
 */
export function LayoutField({ field, headingLevel, messages }: LayoutFieldProps) {
  const title = field.label.trim();
  switch (field.type) {
    case 'heading': {
      const Tag = (['h2', 'h3', 'h4'] as const)[Math.min(Math.max(headingLevel, 2), 4) - 2] ?? 'h2';
      return <Tag className={cx('text-foreground', headingLook[field.heading_level])}>{field.label}</Tag>;
    }

    case 'paragraph':
      return <p className={cx(textBlock, 'text-foreground')}>{field.content}</p>;

    case 'divider':
      return <hr className="my-1 border-border" />;

    case 'spacer':
      return <div aria-hidden="true" style={{ height: field.height }} />;

    case 'banner':
      return (
        <div className="rounded-xl border border-(--fr-ring)/30 bg-(--fr-accent)/10 px-4 py-3.5 text-foreground">
          {title !== '' && <p className="text-sm font-semibold">{title}</p>}
          <p className={textBlock}>{field.content}</p>
        </div>
      );

    case 'info_section':
      return (
        <div className="flex gap-3 rounded-xl border border-border bg-muted/60 px-4 py-3.5 text-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            {title !== '' && <p className="text-sm font-semibold">{title}</p>}
            <p className={textBlock}>{field.content}</p>
          </div>
        </div>
      );

    case 'features_list':
      return (
        <div className="grid gap-2.5 text-foreground">
          {title !== '' && <p className="text-sm font-semibold">{title}</p>}
          <ul className="grid gap-2">
            {field.options.map((option) => (
              <li key={option} className="flex items-start gap-2.5 text-sm/6">
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-(--fr-accent)/15">
                  <Check aria-hidden="true" strokeWidth={3} className="size-3 text-(--fr-ring)" />
                </span>
                <span>{option}</span>
              </li>
            ))}
          </ul>
        </div>
      );

    case 'image': {
      const src = safeUrl(field.url);
      if (src === null) return null;
      return (
        <figure className="grid gap-2">
          <img
            src={src}
            alt={field.alt}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl border border-border bg-muted object-cover"
          />
          {title !== '' && <figcaption className="text-sm text-muted-foreground">{title}</figcaption>}
        </figure>
      );
    }

    case 'video': {
      const href = safeUrl(field.url);
      if (href === null) return null;
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="group flex items-center gap-4 rounded-xl border border-border bg-card p-4 text-foreground shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--fr-ring)"
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-(--fr-accent) text-(--fr-accent-fg) shadow-sm">
            <Play aria-hidden="true" className="size-5 translate-x-px fill-current" />
          </span>
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="truncate text-sm font-semibold">{title !== '' ? title : messages.watchVideo}</span>
            <span className="truncate text-sm text-muted-foreground">{hostOf(href)}</span>
          </span>
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="sr-only">{` ${messages.opensInNewTab}`}</span>
        </a>
      );
    }

    case 'button': {
      const href = safeUrl(field.url);
      if (href === null) return null;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" className={accentButtonClass}>
          {field.label}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{` ${messages.opensInNewTab}`}</span>
        </a>
      );
    }

    default:
      return null;
  }
}
