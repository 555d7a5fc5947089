import type { HelpCategory } from '@leadcapture/contracts/help';
import { BarChart3, CreditCard, Plug, Rocket, ShieldCheck, Users } from 'lucide-react';

const ICONS = {
  'getting-started': Rocket,
  'lead-management': Users,
  integrations: Plug,
  analytics: BarChart3,
  security: ShieldCheck,
  billing: CreditCard,
} as const satisfies Record<HelpCategory, unknown>;

export function CategoryIcon({ category, className }: { category: HelpCategory; className?: string }) {
  const Icon = ICONS[category];
  return <Icon aria-hidden="true" className={className} />;
}
