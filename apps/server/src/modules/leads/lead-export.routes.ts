import { stringify } from 'csv-stringify/sync';
import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import { EXPORT_TOTAL_HEADER, leadExportQuerySchema } from '@leadcapture/contracts/lead-imports';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { typed } from '../../http/routes.ts';
import { requestOrganization } from '../../http/fair-share.ts';
import { checkActingOrganization, requestMeta, tenantRunner } from '../../http/tenant.ts';
import { streamLeadExport, type StreamedExport } from '../data/data.service.ts';

const tags = ['leads'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const binary = z.string().meta({ format: 'binary' });
/** Downloads are the bytes themselves, not the envelope (03-decisions §2). */
const download = (description: string, types: string[]) => ({
  200: { description, content: Object.fromEntries(types.map((type) => [type, { schema: binary }])) },
  ...errors,
});
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file to download: its bytes (or a stream of them), never the envelope. */
function sendDownload(reply: FastifyReply, contentType: string, fileName: string, body: Readable | string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The header and an example row of the import template (names the import recognises). */
const TEMPLATE = [
  ['First name', 'Anna'],
  ['Last name', 'Svensson'],
  ['Email', 'anna.svensson@example.com'],
  ['Phone', '070-123 45 67'],
  ['Company', 'Exempel AB'],
  ['Job title', 'Inköpschef'],
  ['Company size', '51-200'],
  ['Status', 'new'],
  ['Interest', 'warm'],
  ['Budget range', '5000_10000'],
  ['Decision timeline', '1_3_months'],
  ['Decision role', 'decision_maker'],
  ['Interested products', 'Starter, Support'],
  ['Tags', 'fair-2026, nordics'],
  ['Notes', 'Met at the booth'],
  ['Follow-up date', '2026-12-01'],
] as const;

/**
 * /leads/export/ and /leads/import_template/: the export is the data centre's machinery (modules/data)
 * streamed as it is read; imports are the data centre's too.
 */
export function leadExportRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/export/',
      {
        schema: {
          tags,
          summary:
            'Download the leads of the list’s filter as CSV (UTF-8 with BOM) or XLSX, streamed; X-Total-Count is the number of rows',
          querystring: leadExportQuerySchema,
          response: download('The file; errors before streaming starts are the envelope', ['text/csv', XLSX_TYPE]),
        },
      },
      async (req, reply) => {
        // An export is heavy work for as long as it streams: its slot is freed when the body
        // ends, fails or the client goes away (decision in docs/leads-scale-and-merge.md).
        const organization = await requestOrganization(deps, req);
        const release = await deps.fairShare.acquire(organization);
        let file: StreamedExport;
        try {
          file = await streamLeadExport(tenantRunner(deps, req, organization), requestMeta(req), req.query, (err) =>
            req.log.error({ err }, 'lead export failed while streaming'),
          );
        } catch (err) {
          release();
          throw err;
        }
        file.body.once('close', release);
        void reply.header(EXPORT_TOTAL_HEADER, String(file.total));
        return sendDownload(reply, file.contentType, file.fileName, file.body);
      },
    );

    app.get(
      '/import_template/',
      {
        schema: {
          tags,
          summary: 'The CSV template of an import: the importable columns and one example row',
          response: download('The template', ['text/csv']),
        },
      },
      async (req, reply) => {
        // The same for every organisation, but asked for as one: a foreign one answers 404.
        await checkActingOrganization(deps, req);
        const csv = `\ufeff${stringify([TEMPLATE.map(([h]) => h), TEMPLATE.map(([, v]) => v)], { record_delimiter: 'windows' })}`;
        return sendDownload(reply, 'text/csv; charset=utf-8', 'lead-import-template.csv', csv);
      },
    );
  };
}
