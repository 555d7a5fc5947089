/**
 * The data centre's public face to other modules (lint allows them only this file): the lead
 * list's download `GET /leads/export/` streams through the same export machinery.
 */
export { streamLeadExport, type StreamedExport } from './data-exports.service.ts';
