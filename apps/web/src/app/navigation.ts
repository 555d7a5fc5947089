import type { TFunction } from 'i18next';
import {
  BarChart3,
  CalendarRange,
  Contact,
  Database,
  Handshake,
  LayoutDashboard,
  Megaphone,
  Rocket,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

/**
 * THE list of the dashboard's main navigation (spec 01 §2 order: Dashboard, Events, Offers, Leads,
 * Clients, Apps, Analytics, Team, Help, Setup Guide, Settings, Your profile). Only screens that
 * exist are listed; a later issue that builds one adds its entry here, in that order, and the
 * sidebar, the phone drawer and the tests pick it up.
 */
export type NavItem = {
  /** Path without the language prefix. */
  to: string;
  label: (t: TFunction) => string;
  icon: LucideIcon;
  group: 'main' | 'account';
};

export const navItems: readonly NavItem[] = [
  { to: '/dashboard', label: (t) => t('nav.dashboard'), icon: LayoutDashboard, group: 'main' },
  { to: '/events', label: (t) => t('nav.events'), icon: CalendarRange, group: 'main' },
  { to: '/offers', label: (t) => t('nav.offers'), icon: Megaphone, group: 'main' },
  { to: '/leads', label: (t) => t('nav.leads'), icon: Contact, group: 'main' },
  { to: '/clients', label: (t) => t('nav.clients'), icon: Handshake, group: 'main' },
  { to: '/dashboard/data', label: (t) => t('nav.data'), icon: Database, group: 'main' },
  // Apps comes between Clients and Analytics (spec 01 §2) once it exists.
  { to: '/analytics', label: (t) => t('nav.analytics'), icon: BarChart3, group: 'main' },
  { to: '/team', label: (t) => t('nav.team'), icon: Users, group: 'main' },
  { to: '/onboarding', label: (t) => t('nav.setupGuide'), icon: Rocket, group: 'main' },
  { to: '/settings', label: (t) => t('nav.settings'), icon: Settings, group: 'account' },
  { to: '/settings/profile', label: (t) => t('nav.profile'), icon: UserRound, group: 'account' },
];

function covers(item: NavItem, path: string): boolean {
  return path === item.to || path.startsWith(`${item.to}/`);
}

/**
 * Whether `item` is the current page (path without language prefix): its own path or a sub-path
 * that no more specific item claims (/settings/organization → Settings, /settings/profile → Your profile).
 */
export function isNavItemActive(item: NavItem, path: string): boolean {
  if (!covers(item, path)) return false;
  return !navItems.some((other) => other.to.length > item.to.length && covers(other, path));
}
