import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client.ts';
import { PageHeader } from './page-header.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

export interface RecordLoadFailureProps {
  error: unknown;
  /** The back link above the title (to the list). */
  eyebrow: ReactNode;
  /** Texts for a record that is not there, and for one that failed to load. */
  notFoundTitle: string;
  notFoundBody: string;
  title: string;
  loadFailed: string;
  /** The list to go back to from a missing record, and its link text. */
  listPath: string;
  backLabel: string;
  onRetry: () => void;
}

/**
 * A detail page (a lead, a client) whose record did not load: "not found" with the way back to
 * its list, or the load failure with a retry. A 422 is a malformed id in the address: for the
 * visitor the same as a missing record.
 */
export function RecordLoadFailure(props: RecordLoadFailureProps) {
  const { t } = useTranslation('common');
  const missing = isApiError(props.error) && (props.error.status === 404 || props.error.status === 422);
  return (
    <div className="grid gap-6">
      <PageHeader title={missing ? props.notFoundTitle : props.title} eyebrow={props.eyebrow} />
      <Card role="alert" className="p-6 text-sm">
        <p className="font-medium text-foreground">{missing ? props.notFoundBody : props.loadFailed}</p>
        {missing ? (
          <Button asChild variant="outline" className="mt-4">
            <Link to={props.listPath}>
              <ArrowLeft aria-hidden="true" />
              {props.backLabel}
            </Link>
          </Button>
        ) : (
          <Button variant="outline" className="mt-3" onClick={props.onRetry}>
            {t('ui.retry')}
          </Button>
        )}
      </Card>
    </div>
  );
}
