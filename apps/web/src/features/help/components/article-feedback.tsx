import type { HelpCategory } from '@leadcapture/contracts/help';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { retryAfterSeconds } from '../../../lib/api-client.ts';
import { useSendHelpFeedback } from '../api/send-help-feedback.ts';

/** "Was this helpful?": one answer per visit of the article, stored on the server with its counts. */
export function ArticleFeedback({ category, slug }: { category: HelpCategory; slug: string }) {
  const { t } = useTranslation('help');
  const { lp, language } = useLocalizedPath();
  const send = useSendHelpFeedback();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const questionId = useId();

  const answerWith = (helpful: boolean) => {
    setFailure(null);
    send.mutate(
      { category, article: slug, language, helpful },
      {
        onSuccess: () => setAnswer(helpful),
        onError: (error) =>
          setFailure(retryAfterSeconds(error) === null ? t('feedback.failed') : t('feedback.rateLimited')),
      },
    );
  };

  return (
    <section aria-labelledby={questionId} className="mt-12 rounded-xl border border-border bg-card p-5">
      <h2 id={questionId} className="font-semibold text-foreground">
        {t('feedback.question')}
      </h2>
      {answer === null ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => answerWith(true)} disabled={send.isPending}>
            <ThumbsUp aria-hidden="true" />
            {t('feedback.yes')}
          </Button>
          <Button variant="secondary" onClick={() => answerWith(false)} disabled={send.isPending}>
            <ThumbsDown aria-hidden="true" />
            {t('feedback.no')}
          </Button>
        </div>
      ) : null}
      <div role="status" className="mt-3 text-sm">
        {answer === true && <p>{t('feedback.thanksYes')}</p>}
        {answer === false && (
          <p>
            {t('feedback.thanksNo')}{' '}
            <Link to={lp('/contact')} className="font-medium text-primary-soft-foreground underline underline-offset-2">
              {t('contact.link')}
            </Link>
          </p>
        )}
      </div>
      {failure !== null && (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive-soft-foreground">
          {failure}
        </p>
      )}
    </section>
  );
}
