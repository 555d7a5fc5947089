import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets the last Tailwind utility win (`cn('px-2', 'px-4')` → `px-4`), so a
 * component's defaults can be overridden by a `className` prop without `!important`.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
