import type { ImportResource } from '@leadcapture/contracts/data-imports';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/dialog.tsx';
import { ImportWizard } from './import-wizard.tsx';

/** The "Import" action of a list page: the one import wizard in a dialog, for that list's resource. */
export function ImportDialog({
  resource,
  events,
}: {
  resource: ImportResource;
  events?: { value: string; label: string }[];
}) {
  const { t } = useTranslation('data-imports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t('open')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t(`dialogTitle_${resource}`)} size="2xl">
        {/* Mounted only while open: a closed dialog keeps no file and polls nothing. */}
        {open ? <ImportWizard resource={resource} events={events} /> : null}
      </Modal>
    </>
  );
}
