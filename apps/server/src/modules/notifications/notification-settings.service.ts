import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  DEFAULT_HOT_LEAD_SCORE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_HOUR,
  EDITABLE_MAIL_TEMPLATES,
  MAIL_LANGUAGES,
  NOTIFICATION_CATEGORIES,
  type EditableMailTemplate,
  type MailLanguage,
  type MailPreview,
  type MailTemplateInfo,
  type NotificationLog,
  type NotificationLogQuery,
  type NotificationPreferences,
  type NotificationSettings,
  type SendTeamNotification,
  type SendTeamNotificationResult,
  type TeamMessageData,
  type UpdateMailTemplate,
  type UpdateNotificationPreferences,
} from '@leadcapture/contracts/notifications';
import type { TenantContext } from '../../db/tenant.ts';
import { validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import type { Throttle, ThrottleRule } from '../../http/throttle.ts';
import {
  defaultTemplateText,
  renderMail,
  teamMessageDetail,
  templateVariables,
  unknownPlaceholders,
} from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { hotLeadThreshold } from './lead-notifications.ts';
import { deliverNotice, membersOf } from './notification-delivery.ts';
import {
  notificationDigestHours,
  notificationLogs,
  notificationPreferences,
  notificationSettings,
  notificationTemplates,
} from './notifications.table.ts';

// --- preferences (every member, their own) -----------------------------------------------------

export async function getPreferences(ctx: TenantContext): Promise<NotificationPreferences> {
  const rows = await ctx.tx
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.organizationId, ctx.organizationId),
        eq(notificationPreferences.userId, ctx.userId),
      ),
    );
  const chosen = new Map(rows.map((r) => [r.category, r]));
  const [org] = await ctx.tx
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  const [own] = await ctx.tx
    .select({ hour: notificationDigestHours.hour })
    .from(notificationDigestHours)
    .where(
      and(
        eq(notificationDigestHours.organizationId, ctx.organizationId),
        eq(notificationDigestHours.userId, ctx.userId),
      ),
    );
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category) => {
      const row = chosen.get(category);
      return row
        ? { category, in_app: row.inApp, email: row.email, push: row.push, digest: row.digest, is_default: false }
        : { category, ...DEFAULT_NOTIFICATION_PREFERENCES[category], is_default: true };
    }),
    digest_hour: own?.hour ?? DIGEST_HOUR,
    timezone: org?.settings.timezone ?? 'UTC',
  };
}

/** PUT and PATCH alike: the named categories' named channels change; the rest keep theirs. */
export async function updatePreferences(
  ctx: TenantContext,
  input: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const current = await getPreferences(ctx);
  const byCategory = new Map(current.preferences.map((p) => [p.category, p]));
  if (input.digest_hour !== undefined) {
    await ctx.tx
      .insert(notificationDigestHours)
      .values({ organizationId: ctx.organizationId, userId: ctx.userId, hour: input.digest_hour })
      .onConflictDoUpdate({
        target: [notificationDigestHours.organizationId, notificationDigestHours.userId],
        set: { hour: input.digest_hour, updatedAt: new Date() },
      });
  }
  for (const change of input.preferences ?? []) {
    const was = byCategory.get(change.category);
    if (!was) continue;
    const next = {
      inApp: change.in_app ?? was.in_app,
      email: change.email ?? was.email,
      push: change.push ?? was.push,
      digest: change.digest ?? was.digest,
    };
    await ctx.tx
      .insert(notificationPreferences)
      .values({ organizationId: ctx.organizationId, userId: ctx.userId, category: change.category, ...next })
      .onConflictDoUpdate({
        target: [
          notificationPreferences.organizationId,
          notificationPreferences.userId,
          notificationPreferences.category,
        ],
        set: { ...next, updatedAt: new Date() },
      });
  }
  return getPreferences(ctx);
}

// --- organisation settings ---------------------------------------------------------------------

export async function getSettings(ctx: TenantContext): Promise<NotificationSettings> {
  return { hot_lead_score_threshold: await hotLeadThreshold(ctx.tx, ctx.organizationId) };
}

export async function updateSettings(
  ctx: TenantContext,
  input: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  assertCan(ctx, 'notifications.manage');
  const threshold = input.hot_lead_score_threshold ?? DEFAULT_HOT_LEAD_SCORE;
  if (input.hot_lead_score_threshold !== undefined) {
    await ctx.tx
      .insert(notificationSettings)
      .values({ organizationId: ctx.organizationId, hotLeadScoreThreshold: threshold })
      .onConflictDoUpdate({
        target: notificationSettings.organizationId,
        set: { hotLeadScoreThreshold: threshold, updatedAt: new Date() },
      });
  }
  return getSettings(ctx);
}

// --- templates (owners and admins) -------------------------------------------------------------

export async function listTemplates(ctx: TenantContext): Promise<MailTemplateInfo[]> {
  assertCan(ctx, 'notifications.manage');
  const rows = await ctx.tx
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.organizationId, ctx.organizationId));
  const saved = new Map(rows.map((r) => [`${r.template}:${r.language}`, r]));
  return EDITABLE_MAIL_TEMPLATES.map((key) => ({
    key,
    variables: templateVariables(key),
    versions: MAIL_LANGUAGES.map((language) => {
      const fallback = defaultTemplateText(key, language);
      const own = saved.get(`${key}:${language}`);
      return {
        language,
        subject: own?.subject ?? fallback.subject,
        body: own?.body ?? fallback.body,
        default_subject: fallback.subject,
        default_body: fallback.body,
        is_customized: own !== undefined,
        updated_at: own?.updatedAt.toISOString() ?? null,
      };
    }),
  }));
}

export async function getTemplate(ctx: TenantContext, key: EditableMailTemplate): Promise<MailTemplateInfo> {
  const found = (await listTemplates(ctx)).find((t) => t.key === key);
  if (!found) throw new Error(`unknown template ${key}`);
  return found;
}

/** Refuses placeholders the template does not know, naming the field and what is wrong. */
function assertPlaceholders(key: EditableMailTemplate, text: { subject?: string; body?: string }): void {
  const problems: Record<string, string[]> = {};
  for (const field of ['subject', 'body'] as const) {
    const value = text[field];
    if (value === undefined) continue;
    const bad = unknownPlaceholders(key, value);
    if (bad.length > 0)
      problems[field] = [
        `Unknown placeholder ${bad.join(', ')}; this template knows ${templateVariables(key)
          .map((v) => `{{${v}}}`)
          .join(', ')}`,
      ];
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

export async function updateTemplate(
  ctx: TenantContext,
  key: EditableMailTemplate,
  input: UpdateMailTemplate,
): Promise<MailTemplateInfo> {
  assertCan(ctx, 'notifications.manage');
  assertPlaceholders(key, input);
  const values = { subject: input.subject, body: input.body, updatedBy: ctx.userId, updatedAt: new Date() };
  await ctx.tx
    .insert(notificationTemplates)
    .values({ organizationId: ctx.organizationId, template: key, language: input.language, ...values })
    .onConflictDoUpdate({
      target: [notificationTemplates.organizationId, notificationTemplates.template, notificationTemplates.language],
      set: values,
    });
  return getTemplate(ctx, key);
}

export async function resetTemplate(
  ctx: TenantContext,
  key: EditableMailTemplate,
  language: MailLanguage,
): Promise<MailTemplateInfo> {
  assertCan(ctx, 'notifications.manage');
  await ctx.tx
    .delete(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.organizationId, ctx.organizationId),
        eq(notificationTemplates.template, key),
        eq(notificationTemplates.language, language),
      ),
    );
  return getTemplate(ctx, key);
}

/** What a template's sample mail says in each language (a preview fills the placeholders with these). */
const SAMPLE: Record<MailLanguage, { name: string; event: string; detail: string }> = {
  en: { name: 'Alex', event: 'Nordic Expo 2027', detail: 'Maria Svensson, Acme AB came in through Nordic Expo 2027.' },
  sv: {
    name: 'Alex',
    event: 'Nordic Expo 2027',
    detail: 'Maria Svensson, Acme AB har kommit in via Nordic Expo 2027.',
  },
};

/** The saved (or given, unsaved) wording rendered with sample data, exactly as the mailer would. */
export async function previewTemplate(
  ctx: TenantContext,
  publicUrl: string,
  key: EditableMailTemplate,
  input: { language: MailLanguage; subject?: string | undefined; body?: string | undefined },
): Promise<MailPreview> {
  assertCan(ctx, 'notifications.manage');
  assertPlaceholders(key, input);
  const current = (await getTemplate(ctx, key)).versions.find((v) => v.language === input.language);
  const sample = SAMPLE[input.language];
  return renderMail(
    key,
    input.language,
    { ...sample, link: `${publicUrl}${input.language === 'sv' ? '/sv' : ''}/leads` },
    { subject: input.subject ?? current?.subject ?? '', body: input.body ?? current?.body ?? '' },
  );
}

// --- logs (owners and admins) ------------------------------------------------------------------

export async function listLogs(
  ctx: TenantContext,
  query: NotificationLogQuery,
  window: { limit: number; offset: number },
): Promise<{ results: NotificationLog[]; total: number }> {
  assertCan(ctx, 'notifications.manage');
  const filters: (SQL | undefined)[] = [
    eq(notificationLogs.organizationId, ctx.organizationId),
    query.channel ? eq(notificationLogs.channel, query.channel) : undefined,
    query.status ? eq(notificationLogs.status, query.status) : undefined,
    query.category ? eq(notificationLogs.category, query.category) : undefined,
    query.template ? eq(notificationLogs.template, query.template) : undefined,
    query.user_id ? eq(notificationLogs.userId, query.user_id) : undefined,
    query.search
      ? or(
          ilike(notificationLogs.recipient, `%${escapeLike(query.search)}%`),
          ilike(notificationLogs.subject, `%${escapeLike(query.search)}%`),
        )
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.tx
      .select()
      .from(notificationLogs)
      .where(where)
      .orderBy(desc(notificationLogs.createdAt), desc(notificationLogs.id))
      .limit(window.limit)
      .offset(window.offset),
    ctx.tx.select({ n: count() }).from(notificationLogs).where(where),
  ]);
  return {
    results: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      user_id: r.userId,
      recipient: r.recipient,
      template: r.template,
      category: r.category,
      subject: r.subject,
      status: r.status,
      digest: r.digest,
      error: r.error,
      created_at: r.createdAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// --- send (owners and admins) ------------------------------------------------------------------

/** A team message is for news, not a chat: 20 an hour per organisation. */
export const TEAM_MESSAGE_THROTTLE: ThrottleRule = { name: 'notify-team', limit: 20, windowSeconds: 60 * 60 };

export async function sendToTeam(
  ctx: TenantContext,
  throttle: Throttle,
  input: SendTeamNotification,
): Promise<SendTeamNotificationResult> {
  assertCan(ctx, 'notifications.manage');
  const chosen = input.user_ids ? [...new Set(input.user_ids)] : undefined;
  const members = await membersOf(ctx.tx, ctx.organizationId, chosen ? { userIds: chosen } : {});
  if (chosen && members.length !== chosen.length) {
    const known = new Set(members.map((m) => m.id));
    throw validationError({
      user_ids: [`Not active members here: ${chosen.filter((id) => !known.has(id)).join(', ')}`],
    });
  }
  await throttle.consume(TEAM_MESSAGE_THROTTLE, ctx.organizationId);
  const [me] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const from = `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() || (me?.email ?? '');
  const data: TeamMessageData = { title: input.title, message: input.message, from };
  // The writer is told too only when they chose themselves: "all" means the others.
  const recipients = chosen ? members : members.filter((m) => m.id !== ctx.userId);
  await deliverNotice(ctx.tx, ctx.organizationId, recipients, {
    category: 'team',
    type: 'team_message',
    priority: 'normal',
    data,
    link: '/notifications',
    template: 'team_message',
    detail: (language) => teamMessageDetail(language, data),
  });
  return { recipients: recipients.length };
}
