import { useTranslation } from 'react-i18next';
import { localizePath, type Language } from '../i18n/language.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage({ language }: { language: Language }) {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.titleNotFound'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">{t('notFound.code')}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-base/7 text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <a
        href={localizePath('/', language)}
        className="mt-8 inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-indigo-500 dark:hover:bg-indigo-400"
      >
        {t('notFound.homeLink')}
      </a>
    </div>
  );
}
