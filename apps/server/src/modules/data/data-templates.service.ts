import { and, asc, eq, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  type CreateDataTemplateInput,
  type DataTemplate,
  type ImportableResource,
  type TemplateKind,
  type DataResource,
  type UpdateDataTemplateInput,
} from '@leadcapture/contracts/data-exports';
import { isUniqueViolation } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { dataTemplates } from './data-templates.table.ts';
import { CUSTOM_PREFIX, IMPORT_TEMPLATE_COLUMNS, RESOURCES } from './data-exports.resources.ts';

type TemplateRow = typeof dataTemplates.$inferSelect;
const templateNotFound = () => notFound('Template');

export function toDataTemplate(row: TemplateRow): DataTemplate {
  return {
    id: row.id,
    kind: row.kind,
    resource: row.resource,
    name: row.name,
    columns: row.columns ?? null,
    mapping: row.mapping ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * An export template needs columns the export knows (a custom answer's column by its label is
 * always accepted: forms change); an import template needs a mapping. Answers what to store.
 */
async function checkShape(
  ctx: TenantContext,
  kind: TemplateKind,
  resource: DataResource,
  columns: string[] | null | undefined,
  mapping: Record<string, string | null> | null | undefined,
): Promise<{ columns: string[] | null; mapping: Record<string, string | null> | null }> {
  if (kind === 'export') {
    if (!columns || columns.length === 0) throw validationError({ columns: ['Choose at least one column'] });
    const known = new Set(
      (await RESOURCES[resource].columns(ctx, { lang: 'en', forReimport: true, timeZone: 'UTC' })).map((c) => c.code),
    );
    const unknown = columns.filter((c) => !known.has(c) && !c.startsWith(CUSTOM_PREFIX));
    if (unknown.length > 0) throw validationError({ columns: [`Unknown columns: ${unknown.join(', ')}`] });
    if (new Set(columns).size !== columns.length) throw validationError({ columns: ['A column is named twice'] });
    return { columns, mapping: null };
  }
  if (!mapping || Object.keys(mapping).length === 0) throw validationError({ mapping: ['Map at least one column'] });
  if (!(resource in IMPORT_TEMPLATE_COLUMNS))
    throw validationError({ resource: ['This kind of record cannot be imported'] });
  const fields = new Set<string>([...IMPORT_TEMPLATE_COLUMNS[resource as ImportableResource], 'full_name']);
  const bad = Object.entries(mapping).filter(([, field]) => field !== null && !fields.has(field));
  if (bad.length > 0) {
    throw validationError(
      Object.fromEntries(bad.map(([col, field]) => [`mapping.${col}`, [`There is no field ${String(field)}`]])),
    );
  }
  return { columns: null, mapping };
}

const duplicateName = () => validationError({ name: ['A template of this kind with this name exists'] });

export async function listTemplates(
  ctx: TenantContext,
  query: { kind?: TemplateKind | undefined; resource?: DataResource | undefined },
): Promise<DataTemplate[]> {
  const conditions: (SQL | undefined)[] = [
    eq(dataTemplates.organizationId, ctx.organizationId),
    query.kind ? eq(dataTemplates.kind, query.kind) : undefined,
    query.resource ? eq(dataTemplates.resource, query.resource) : undefined,
  ];
  const rows = await ctx.tx
    .select()
    .from(dataTemplates)
    .where(and(...conditions))
    .orderBy(asc(dataTemplates.resource), asc(dataTemplates.name));
  return rows.map(toDataTemplate);
}

async function findTemplate(ctx: TenantContext, templateId: string): Promise<TemplateRow> {
  const [row] = await ctx.tx
    .select()
    .from(dataTemplates)
    .where(and(eq(dataTemplates.organizationId, ctx.organizationId), eq(dataTemplates.id, templateId)))
    .limit(1);
  if (!row) throw templateNotFound();
  return row;
}

export async function getTemplate(ctx: TenantContext, templateId: string): Promise<DataTemplate> {
  return toDataTemplate(await findTemplate(ctx, templateId));
}

/** Unique names are checked by the index: two saves at once cannot both keep the name. */
async function uniquely<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

export async function createTemplate(ctx: TenantContext, input: CreateDataTemplateInput): Promise<DataTemplate> {
  assertCan(ctx, 'records.write');
  const shape = await checkShape(ctx, input.kind, input.resource, input.columns, input.mapping);
  const [row] = await uniquely(() =>
    ctx.tx
      .insert(dataTemplates)
      .values({
        organizationId: ctx.organizationId,
        kind: input.kind,
        resource: input.resource,
        name: input.name.trim(),
        ...shape,
        createdBy: ctx.userId,
      })
      .returning(),
  );
  if (!row) throw new AppError('INTERNAL_ERROR');
  return toDataTemplate(row);
}

export async function updateTemplate(
  ctx: TenantContext,
  templateId: string,
  input: UpdateDataTemplateInput,
): Promise<DataTemplate> {
  assertCan(ctx, 'records.write');
  const current = await findTemplate(ctx, templateId);
  const shape = await checkShape(
    ctx,
    current.kind,
    current.resource,
    input.columns === undefined ? current.columns : input.columns,
    input.mapping === undefined ? current.mapping : input.mapping,
  );
  const [row] = await uniquely(() =>
    ctx.tx
      .update(dataTemplates)
      .set({ ...(input.name !== undefined ? { name: input.name.trim() } : {}), ...shape })
      .where(and(eq(dataTemplates.organizationId, ctx.organizationId), eq(dataTemplates.id, templateId)))
      .returning(),
  );
  if (!row) throw templateNotFound();
  return toDataTemplate(row);
}

export async function deleteTemplate(ctx: TenantContext, templateId: string): Promise<void> {
  assertCan(ctx, 'records.write');
  const deleted = await ctx.tx
    .delete(dataTemplates)
    .where(and(eq(dataTemplates.organizationId, ctx.organizationId), eq(dataTemplates.id, templateId)))
    .returning({ id: dataTemplates.id });
  if (deleted.length === 0) throw templateNotFound();
}

/**
 * A blank import template: the header row of the import's field codes, which the import maps
 * without asking. CSV (UTF-8 with BOM, CRLF) or XLSX.
 */
export async function blankTemplate(
  resource: ImportableResource,
  format: 'csv' | 'xlsx',
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const header = [...IMPORT_TEMPLATE_COLUMNS[resource]];
  if (format === 'csv') {
    return {
      fileName: `${resource}-import-template.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(`\ufeff${stringify([header], { record_delimiter: 'windows' })}`, 'utf8'),
    };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(resource).addRow(header).commit();
  const bytes = await workbook.xlsx.writeBuffer();
  return {
    fileName: `${resource}-import-template.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(bytes),
  };
}
