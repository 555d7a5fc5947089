import { BookOpen, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CopyTextButton } from './copy-text-button.tsx';

/** Where the API lives and how to call it, with this server's real address. */
export function ApiDocsPanel() {
  const { t } = useTranslation('apiKeys');
  const origin = window.location.origin;
  const examples = [
    { key: 'list', command: `curl -H "X-API-Key: $LEADCAPTURE_API_KEY" \\\n  ${origin}/api/v1/leads/` },
    {
      key: 'create',
      command: [
        `curl -X POST -H "X-API-Key: $LEADCAPTURE_API_KEY" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com"}' \\`,
        `  ${origin}/api/v1/leads/`,
      ].join('\n'),
    },
  ] as const;
  return (
    <Card aria-labelledby="api-docs-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="api-docs-title">{t('docs.title')}</CardTitle>
          <CardDescription>{t('docs.description')}</CardDescription>
        </div>
        <a
          href="/api/v1/docs/"
          target="_blank"
          rel="noopener"
          className="inline-flex h-8 items-center gap-1.5 rounded-md border border-input px-3 text-xs font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <BookOpen aria-hidden="true" className="size-3.5" />
          {t('docs.reference')}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('docs.newTab')}</span>
        </a>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ul className="grid gap-1.5 text-sm text-muted-foreground">
          <li>{t('docs.header')}</li>
          <li>{t('docs.permissions')}</li>
          <li>{t('docs.role')}</li>
          <li>{t('docs.rateLimit')}</li>
        </ul>
        {examples.map(({ key, command }) => (
          <div key={key} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-medium text-foreground">{t(`docs.examples.${key}`)}</h3>
              <CopyTextButton
                value={command.replace(/\\\n\s*/g, '')}
                label={t('docs.copyExample', { example: t(`docs.examples.${key}`) })}
                failure={t('errors.copyFailed')}
              />
            </div>
            <pre className="rounded-lg bg-slate-950 p-3.5 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100">
              <code>{command}</code>
            </pre>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
