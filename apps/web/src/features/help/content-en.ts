import type { RawContent } from './help-content.ts';

/** Every English article as text, in one chunk (help-content.ts loads it). */
export const files: RawContent = import.meta.glob<string>('./content/en/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
