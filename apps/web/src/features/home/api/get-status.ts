import { api } from '../../../lib/api-client.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Mirrors `statusSchema` in packages/contracts/src/status.ts. */
export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export type SystemStatus = {
  status: 'ok';
  version: string;
  database: DatabaseKind;
  uptime_seconds: number;
  time: string;
};

function isDatabaseKind(value: unknown): value is DatabaseKind {
  return databaseKinds.some((kind) => kind === value);
}

export function isSystemStatus(data: unknown): data is SystemStatus {
  return (
    isRecord(data) &&
    data.status === 'ok' &&
    typeof data.version === 'string' &&
    isDatabaseKind(data.database) &&
    typeof data.uptime_seconds === 'number' &&
    Number.isFinite(data.uptime_seconds) &&
    typeof data.time === 'string' &&
    !Number.isNaN(Date.parse(data.time))
  );
}

export const STATUS_PATH = '/status/';

export function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  // quiet: the card shows its own error state; a toast on the landing page would be noise.
  return api.get(STATUS_PATH, {
    signal,
    quiet: true,
    schema: {
      parse: (data) => {
        if (!isSystemStatus(data)) throw new TypeError('not a system status');
        return data;
      },
    },
  });
}
