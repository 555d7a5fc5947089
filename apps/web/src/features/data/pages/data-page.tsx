import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { BulkPanel } from '../components/bulk-panel.tsx';
import { ExportsPanel } from '../components/exports-panel.tsx';
import { ImportsPanel } from '../components/imports-panel.tsx';
import { SavedTemplates } from '../components/templates-panel.tsx';
import { useDataLiveProgress } from '../api/data-live.ts';
import { useAddressParams } from '../../../lib/use-address-params.ts';

const TABS = ['exports', 'imports', 'templates', 'bulk'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard/data (spec 01 §2): exports, imports, templates and bulk jobs, the tab kept in the address. */
export function DataPage() {
  const { t } = useTranslation('data');
  useDataLiveProgress();
  const [params, setParams] = useAddressParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'exports';
  const select = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'exports') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="grid gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={tab} onValueChange={select}>
        <TabsList>
          {TABS.map((x) => (
            <TabsTrigger key={x} value={x}>
              {t(`tabs.${x}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="exports">
          <ExportsPanel />
        </TabsContent>
        <TabsContent value="imports">
          <ImportsPanel />
        </TabsContent>
        <TabsContent value="templates">
          <SavedTemplates showManageLink />
        </TabsContent>
        <TabsContent value="bulk">
          <BulkPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
