import { dataImportSchema, type DataImport } from '@leadcapture/contracts/data-imports';
import { expectData, type Response } from './envelope.ts';
import { bearer, type registerUser, type TestApp } from './helpers.ts';
import { multipart, type Part } from './multipart.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * The requests of the data-import tests, each as the user in their own organisation. `app` is
 * read at call time: the suites create their TestApp in `beforeAll`.
 */
export function importRequests(app: () => TestApp) {
  const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': user.organization?.id ?? '' });
  const get = (url: string, user: User) =>
    app().app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: headersOf(user) });

  /** `POST /data/imports/` (or its preview) with the file and the form's other fields. */
  function upload(
    user: User,
    data: string | Buffer,
    fields: Record<string, string> = {},
    { filename = 'import.csv', route = 'imports' }: { filename?: string; route?: 'imports' | 'imports/preview' } = {},
  ): Promise<Response> {
    const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, data: value }));
    parts.push({ name: 'file', filename, contentType: 'application/octet-stream', data });
    const form = multipart(parts);
    return app().app.inject({
      method: 'POST',
      url: `/api/v1/data/${route}/`,
      headers: { ...form.headers, ...headersOf(user) },
      payload: form.payload,
    });
  }

  /** The import once it is no longer queued or processing. */
  async function finished(user: User, id: string): Promise<DataImport> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const record = expectData(dataImportSchema, await get(`data/imports/${id}/`, user));
      if (record.status !== 'queued' && record.status !== 'processing') return record;
      if (Date.now() > deadline) throw new Error(`import ${id} still ${record.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return { headersOf, get, upload, finished };
}
