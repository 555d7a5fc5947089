import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormRendererMessages } from '../form-renderer/form-renderer.tsx';

/** Every text the shared FormRenderer shows, for the builder's preview (and any dashboard page). */
export function useFormRendererMessages(): FormRendererMessages {
  const { t } = useTranslation('builder');
  return useMemo(
    () => ({
      required: t('renderer.required'),
      choose: t('renderer.choose'),
      ratingStar: (value: number, max: number) => t('renderer.ratingStar', { value, max }),
      clearRating: t('renderer.clearRating'),
      watchVideo: t('renderer.watchVideo'),
      opensInNewTab: t('renderer.opensInNewTab'),
    }),
    [t],
  );
}
