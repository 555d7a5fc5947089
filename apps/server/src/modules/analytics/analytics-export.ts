import { PassThrough } from 'node:stream';
import type { AnalyticsExportFormat, AnalyticsReport, SpeedToLead } from '@leadcapture/contracts/analytics';
import type { EventStatus, LeadSource, LeadStatus } from '@leadcapture/contracts/constants';
import { neutraliseCell } from '@leadcapture/contracts/lead-imports';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

/**
 * The Analytics page's figures as a file (GET /analytics/export/): the report of the chosen range
 * cut into titled tables, each written as a CSV block, an XLSX sheet or a PDF section. Headers
 * and labels in English or Swedish; the numbers stay numbers (no thousands separators) so a
 * spreadsheet can sum them.
 */

type Lang = 'en' | 'sv';
type Cell = string | number;
export interface ExportTable {
  title: string;
  headers: string[];
  rows: Cell[][];
}

const STATUS: Record<Lang, Record<LeadStatus, string>> = {
  en: {
    new: 'New',
    contacted: 'Contacted',
    qualified: 'Qualified',
    unqualified: 'Unqualified',
    converted: 'Converted',
    lost: 'Lost',
    demo_scheduled: 'Demo scheduled',
    proposal_sent: 'Proposal sent',
    closed_won: 'Closed won',
    closed_lost: 'Closed lost',
    nurturing: 'Nurturing',
  },
  sv: {
    new: 'Ny',
    contacted: 'Kontaktad',
    qualified: 'Kvalificerad',
    unqualified: 'Ej kvalificerad',
    converted: 'Konverterad',
    lost: 'Förlorad',
    demo_scheduled: 'Demo bokad',
    proposal_sent: 'Offert skickad',
    closed_won: 'Vunnen',
    closed_lost: 'Förlorad affär',
    nurturing: 'Bearbetas',
  },
};

const SOURCE: Record<Lang, Record<LeadSource, string>> = {
  en: {
    qr_scan: 'QR scan',
    booth_visit: 'Booth visit',
    referral: 'Referral',
    website: 'Website',
    direct: 'Direct',
    other: 'Other',
    manual: 'Manual',
    event: 'Event',
    social_media: 'Social media',
    email_marketing: 'Email marketing',
    cold_outreach: 'Cold outreach',
    partner: 'Partner',
    import: 'Import',
    api: 'API',
  },
  sv: {
    qr_scan: 'QR-skanning',
    booth_visit: 'Monterbesök',
    referral: 'Rekommendation',
    website: 'Webbplats',
    direct: 'Direkt',
    other: 'Övrigt',
    manual: 'Manuellt',
    event: 'Event',
    social_media: 'Sociala medier',
    email_marketing: 'E-postmarknadsföring',
    cold_outreach: 'Kall kontakt',
    partner: 'Partner',
    import: 'Import',
    api: 'API',
  },
};

const EVENT_STATUS: Record<Lang, Record<EventStatus, string>> = {
  en: {
    draft: 'Draft',
    upcoming: 'Upcoming',
    active: 'Active',
    completed: 'Completed',
    cancelled: 'Cancelled',
    inactive: 'Inactive',
  },
  sv: {
    draft: 'Utkast',
    upcoming: 'Kommande',
    active: 'Aktivt',
    completed: 'Avslutat',
    cancelled: 'Inställt',
    inactive: 'Inaktivt',
  },
};

const COPY = {
  en: {
    title: 'Analytics report',
    period: 'Period',
    timezone: 'Timezone',
    generated: 'Generated',
    summary: 'Summary',
    figure: 'Figure',
    value: 'Value',
    newLeads: 'New leads',
    previousLeads: 'New leads, previous period',
    converted: 'Converted',
    conversionRate: 'Conversion rate (%)',
    pageViews: 'Page views',
    activeEvents: 'Active events',
    medianMinutes: 'Time to first contact, median (minutes)',
    p90Minutes: 'Time to first contact, 90th percentile (minutes)',
    contacted: 'Contacted',
    uncontacted: 'Not contacted yet',
    trend: 'Lead trend',
    date: 'Date',
    leads: 'Leads',
    sources: 'Source mix',
    source: 'Source',
    pipeline: 'Status pipeline',
    status: 'Status',
    events: 'Events',
    event: 'Event',
    eventStatus: 'Status',
    submissions: 'Submissions',
    qualified: 'Qualified',
    leadsCaptured: 'Leads captured (all time)',
    team: 'Team performance',
    member: 'Member',
    assigned: 'Assigned',
    handled: 'Handled',
    none: 'No data',
  },
  sv: {
    title: 'Analysrapport',
    period: 'Period',
    timezone: 'Tidszon',
    generated: 'Skapad',
    summary: 'Sammanfattning',
    figure: 'Mått',
    value: 'Värde',
    newLeads: 'Nya leads',
    previousLeads: 'Nya leads, föregående period',
    converted: 'Konverterade',
    conversionRate: 'Konverteringsgrad (%)',
    pageViews: 'Sidvisningar',
    activeEvents: 'Aktiva event',
    medianMinutes: 'Tid till första kontakt, median (minuter)',
    p90Minutes: 'Tid till första kontakt, 90:e percentilen (minuter)',
    contacted: 'Kontaktade',
    uncontacted: 'Ännu inte kontaktade',
    trend: 'Leadtrend',
    date: 'Datum',
    leads: 'Leads',
    sources: 'Källor',
    source: 'Källa',
    pipeline: 'Statusflöde',
    status: 'Status',
    events: 'Event',
    event: 'Event',
    eventStatus: 'Status',
    submissions: 'Inskickade',
    qualified: 'Kvalificerade',
    leadsCaptured: 'Insamlade leads (totalt)',
    team: 'Teamets resultat',
    member: 'Medlem',
    assigned: 'Tilldelade',
    handled: 'Hanterade',
    none: 'Inga uppgifter',
  },
} as const;

const minutes = (s: number | null): Cell => (s === null ? '' : Math.round((s / 60) * 10) / 10);

function speedRows(c: (typeof COPY)[Lang], speed: SpeedToLead): Cell[][] {
  return [
    [c.medianMinutes, minutes(speed.median_seconds)],
    [c.p90Minutes, minutes(speed.p90_seconds)],
    [c.contacted, speed.contacted],
    [c.uncontacted, speed.uncontacted],
  ];
}

/** The report as titled tables, in the language asked for. */
export function reportTables(report: AnalyticsReport, lang: Lang): ExportTable[] {
  const c = COPY[lang];
  const t = report.totals;
  return [
    {
      title: c.summary,
      headers: [c.figure, c.value],
      rows: [
        [c.period, `${report.period.from} – ${report.period.to}`],
        [c.timezone, report.period.timezone],
        [c.newLeads, t.new_leads],
        [c.previousLeads, t.previous_leads],
        [c.converted, t.converted_leads],
        [c.conversionRate, t.conversion_rate],
        [c.pageViews, t.page_views],
        [c.activeEvents, t.active_events],
        ...speedRows(c, report.speed_to_lead),
      ],
    },
    { title: c.trend, headers: [c.date, c.leads], rows: report.trend.map((p) => [p.date, p.count]) },
    {
      title: c.sources,
      headers: [c.source, c.leads],
      rows: report.by_source.map((s) => [SOURCE[lang][s.source], s.count]),
    },
    {
      title: c.pipeline,
      headers: [c.status, c.leads],
      rows: report.by_status.map((s) => [STATUS[lang][s.status], s.count]),
    },
    {
      title: c.events,
      headers: [
        c.event,
        c.eventStatus,
        c.pageViews,
        c.submissions,
        c.qualified,
        c.converted,
        c.conversionRate,
        c.medianMinutes,
        c.leadsCaptured,
      ],
      rows: report.events.map((e) => [
        e.name,
        EVENT_STATUS[lang][e.status],
        e.page_views,
        e.submissions,
        e.qualified,
        e.converted,
        e.conversion_rate,
        minutes(e.speed_to_lead.median_seconds),
        e.leads_captured,
      ]),
    },
    {
      title: c.team,
      headers: [
        c.member,
        c.assigned,
        c.handled,
        c.converted,
        c.conversionRate,
        c.medianMinutes,
        c.p90Minutes,
        c.uncontacted,
      ],
      rows: report.team.map((m) => [
        m.name || m.email,
        m.assigned,
        m.handled,
        m.converted,
        m.conversion_rate,
        minutes(m.speed_to_lead.median_seconds),
        minutes(m.speed_to_lead.p90_seconds),
        m.speed_to_lead.uncontacted,
      ]),
    },
  ];
}

// Names people type (events, members) could start a formula in a spreadsheet: neutralised.
const safe = (cell: Cell): Cell => (typeof cell === 'number' ? cell : neutraliseCell(cell));

export interface AnalyticsFile {
  contentType: string;
  fileName: string;
  body: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function renderAnalyticsExport(
  report: AnalyticsReport,
  format: AnalyticsExportFormat,
  lang: Lang,
): Promise<AnalyticsFile> {
  const tables = reportTables(report, lang);
  const base = `analytics-${report.period.from}-${report.period.to}`;
  if (format === 'csv') {
    const rows: Cell[][] = [[COPY[lang].title, report.organization]];
    for (const table of tables) rows.push([], [table.title], table.headers, ...table.rows.map((r) => r.map(safe)));
    // UTF-8 with a BOM, as the leads export: Excel then reads å, ä and ö right.
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName: `${base}.csv`,
      body: Buffer.from(`\uFEFF${stringify(rows)}`),
    };
  }
  if (format === 'xlsx') return { contentType: XLSX_TYPE, fileName: `${base}.xlsx`, body: await renderXlsx(tables) };
  return { contentType: 'application/pdf', fileName: `${base}.pdf`, body: await renderPdf(report, tables, lang) };
}

/** One sheet per table, through exceljs's streaming writer. */
async function renderXlsx(tables: ExportTable[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const table of tables) {
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    const sheet = workbook.addWorksheet(table.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    const header = sheet.addRow(table.headers);
    header.font = { bold: true };
    header.commit();
    for (const row of table.rows) sheet.addRow(row.map(safe)).commit();
    sheet.commit();
  }
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** A printable report: title, period, then each table as aligned columns (new page when full). */
function renderPdf(report: AnalyticsReport, tables: ExportTable[], lang: Lang): Promise<Buffer> {
  const c = COPY[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: false,
    info: { Title: `${c.title} ${report.period.from} – ${report.period.to}`, Author: 'LeadCapture' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 40;
  const width = 515;
  const bottom = 800;
  doc.font('Helvetica-Bold').fontSize(18).text(c.title, left, 40);
  doc.font('Helvetica').fontSize(10);
  doc.text(report.organization);
  doc.text(`${c.period}: ${report.period.from} – ${report.period.to} (${report.period.timezone})`);
  doc.text(`${c.generated}: ${report.generated_at.slice(0, 16).replace('T', ' ')} UTC`);
  for (const table of tables) {
    doc.moveDown(1);
    if (doc.y > bottom - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(table.title, left, doc.y);
    doc.moveDown(0.3);
    const first = table.headers.length > 2 ? 150 : 300;
    const rest = table.headers.length > 1 ? (width - first) / (table.headers.length - 1) : 0;
    const line = (cells: Cell[], bold: boolean) => {
      if (doc.y > bottom - 20) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(table.headers.length > 4 ? 8 : 10);
      let heights = 0;
      cells.forEach((cell, i) => {
        const x = i === 0 ? left : left + first + (i - 1) * rest;
        const w = i === 0 ? first - 6 : rest - 6;
        const text = String(cell);
        heights = Math.max(heights, doc.heightOfString(text, { width: w }));
        doc.text(text, x, y, { width: w, align: i === 0 ? 'left' : 'right' });
      });
      doc.y = y + heights + 3;
    };
    line(table.headers, true);
    if (table.rows.length === 0) line([c.none], false);
    for (const row of table.rows) line(row, false);
  }
  doc.end();
  return done;
}
