import { apiGet, isRecord } from '../../lib/api-client.ts';

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

export const STATUS_PATH = '/api/v1/status/';

export function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiGet(STATUS_PATH, isSystemStatus, { signal });
}
