import { passwordRequirements, passwordStrength, type PasswordStrength } from '@leadcapture/contracts/passwords';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const LEVELS: readonly PasswordStrength[] = ['very_weak', 'weak', 'fair', 'good', 'strong'];
const BAR_COLOURS: Record<PasswordStrength, string> = {
  very_weak: 'bg-red-600 dark:bg-red-400',
  weak: 'bg-orange-500 dark:bg-orange-400',
  fair: 'bg-amber-500 dark:bg-amber-400',
  good: 'bg-lime-600 dark:bg-lime-400',
  strong: 'bg-emerald-600 dark:bg-emerald-400',
};
const REQUIREMENTS = ['length', 'lowercase', 'uppercase', 'number', 'special'] as const;

/**
 * The strength meter and requirement list of reset password (spec 01 §5), both from the contract
 * so the page and the server agree. The level is a live region (polite): a screen-reader user
 * hears it change while typing; the list items say met / not met in text, not only by colour.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const level = passwordStrength(password);
  const met = passwordRequirements(password);
  const filled = password === '' ? 0 : LEVELS.indexOf(level) + 1;
  return (
    <div id={id} className="grid gap-3" data-testid="password-strength">
      <div className="grid gap-1.5">
        <div className="flex gap-1" aria-hidden="true">
          {LEVELS.map((name, index) => (
            <span
              key={name}
              className={cn('h-1.5 flex-1 rounded-full', index < filled ? BAR_COLOURS[level] : 'bg-muted')}
            />
          ))}
        </div>
        <p className="text-xs text-muted-foreground" role="status" aria-live="polite">
          {password === ''
            ? t('passwordStrength.empty')
            : t('passwordStrength.label', { level: t(`passwordStrength.levels.${level}`) })}
        </p>
      </div>
      <ul className="grid gap-1 text-xs" aria-label={t('passwordStrength.requirementsLabel')}>
        {REQUIREMENTS.map((name) => (
          <li
            key={name}
            className={cn(
              'flex items-center gap-2',
              met[name] ? 'text-success-soft-foreground' : 'text-muted-foreground',
            )}
          >
            {met[name] ? (
              <Check aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <X aria-hidden="true" className="size-3.5 shrink-0" />
            )}
            <span>
              {t(`passwordStrength.requirements.${name}`)}
              <span className="sr-only"> ({met[name] ? t('passwordStrength.met') : t('passwordStrength.notMet')})</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
