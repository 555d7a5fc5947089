import { fileSchema } from '@leadcapture/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../api/lead-data.ts';

/**
 * A file field's answer on the lead page: the visitor's file by name, downloaded with the
 * member's token (the files route needs it, so a plain link cannot work).
 */
export function LeadFileAnswer({ fileId }: { fileId: string }) {
  const { t } = useTranslation('leads');
  const info = useQuery({
    queryKey: ['files', fileId],
    queryFn: ({ signal }) => api.get(`/files/${fileId}/`, { schema: fileSchema, signal }),
  });
  const name = info.data?.original_name || t('details.attachment');
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 text-left text-primary-soft-foreground hover:underline"
      onClick={() => {
        void api.download(`/files/${fileId}/download/`).then(({ blob, filename }) => {
          saveFile(blob, filename || name);
        });
      }}
    >
      <Paperclip aria-hidden="true" className="size-4 shrink-0" />
      {name}
    </button>
  );
}
