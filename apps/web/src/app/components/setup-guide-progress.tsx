import { ONBOARDING_STEPS } from '@leadcapture/contracts/constants';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnboarding } from '../../features/onboarding/api/onboarding.ts';

/**
 * Beside "Setup guide" in the navigation: how many of the wizard's steps are done (the server's
 * record, so it matches the wizard in every tab), or a check once finished or skipped.
 */
export function SetupGuideProgress() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  const data = onboarding.data;
  if (data === undefined) return null;
  if (data.completed_at !== null) {
    return (
      <span className="ml-auto text-primary" title={t('nav.setupGuideDone')}>
        <Check aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('nav.setupGuideDone')}</span>
      </span>
    );
  }
  // The last screen (complete) is not a task; the tasks are the steps before it.
  const total = ONBOARDING_STEPS.length - 1;
  const done = data.completed_steps.filter((step) => step !== 'complete').length;
  return (
    <span className="ml-auto rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
      <span aria-hidden="true">{t('nav.setupGuideCount', { done, total })}</span>
      <span className="sr-only">{t('nav.setupGuideProgress', { done, total })}</span>
    </span>
  );
}
