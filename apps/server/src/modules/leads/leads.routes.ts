import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  activityListQuerySchema,
  assignLeadSchema,
  bulkLeadsResultSchema,
  bulkLeadsSchema,
  changeStatusSchema,
  createLeadSchema,
  eventLeadsQuerySchema,
  leadActivitySchema,
  leadNoteSchema,
  leadListPageSchema,
  leadListQuerySchema,
  leadSchema,
  leadScoreSchema,
  logActivitySchema,
  mergeLeadsSchema,
  noteBodySchema,
  noteParamsSchema,
  scoringRulesResultSchema,
  scoringRulesSchema,
  setScoreSchema,
  updateLeadSchema,
} from '@leadcapture/contracts/leads';
import { paginationQuerySchema } from '@leadcapture/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { withHeavyTenant } from '../../http/fair-share.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as activities from './lead-activities.service.ts';
import { bulkLeads } from './lead-bulk.service.ts';
import { mergeLeads } from './lead-merge.service.ts';
import * as scoring from './lead-scoring.service.ts';
import { listLeads, listPageLeads, type LeadPage } from './lead-list.service.ts';
import { heldThisMonth } from '../billing/billing.service.ts';
import * as leadsService from './leads.service.ts';

const tags = ['leads'];

/**
 * /{events|offers}/{id}/leads/: the leads panel of one public page (registered under the
 * /events and /offers prefixes). The leads list with the page as its filter: a search is heavy
 * work (its organisation's fair share), and the count is the list's (exact up to the cap).
 */
export function pageLeadsRoutes(deps: AppDeps, kind: LeadPage['kind']) {
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/:id/leads/',
      {
        schema: {
          tags: [kind === 'event' ? 'leads' : 'offers'],
          summary: `The ${kind}'s leads (filter approval_status, source; search; ordering)`,
          params: idParamsSchema,
          querystring: eventLeadsQuerySchema,
          response: okResponse(leadListPageSchema),
        },
      },
      async (req) => {
        const run = req.query.search ? withHeavyTenant : withTenant;
        const { page, held } = await run(deps, req, async (ctx) => {
          const target = { kind, id: req.params.id };
          const found = await listPageLeads(ctx, target, req.query, pageWindow(req.query));
          return { page: found, held: await heldThisMonth(ctx, new Date(), target) };
        });
        return ok({
          ...paginate(req, deps.config.publicUrl, req.query, page.results, page.total.count),
          count_exact: page.total.exact,
          held_count: held,
        });
      },
    );
  };
}

/** /leads/: the organisation's leads and the work on them. */
export function leadsRoutes(deps: AppDeps) {
  const { publicUrl } = deps.config;
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Leads: filters (several values comma-separated), search, ordering; deleted=true lists the bin',
          querystring: leadListQuerySchema,
          response: okResponse(leadListPageSchema),
        },
      },
      async (req) => {
        // A search is heavy work (its organisation's fair share); the plain list is not.
        const run = req.query.search ? withHeavyTenant : withTenant;
        const { page, held } = await run(deps, req, async (ctx) => ({
          page: await listLeads(ctx, req.query, pageWindow(req.query)),
          held: req.query.deleted ? 0 : await heldThisMonth(ctx),
        }));
        return ok({
          ...paginate(req, publicUrl, req.query, page.results, page.total.count),
          count_exact: page.total.exact,
          held_count: held,
        });
      },
    );

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary:
            'Create a lead by hand (member and up). 201 with the new lead; 200 with the existing lead when the email is known and duplicates are linked',
          body: createLeadSchema,
          response: { ...createdResponse(leadSchema), ...okResponse(leadSchema) },
        },
      },
      async (req, reply) => {
        const outcome = await withTenant(deps, req, (ctx) => leadsService.createLead(ctx, requestMeta(req), req.body));
        deps.outbox.kick();
        const status = outcome.created ? 201 : 200;
        reply.code(status);
        return ok(outcome.lead, status);
      },
    );

    app.post(
      '/bulk/',
      {
        schema: {
          tags,
          summary: 'One action (status, assign, tag, delete, restore) on up to 1,000 leads in one transaction',
          body: bulkLeadsSchema,
          response: okResponse(bulkLeadsResultSchema),
        },
      },
      async (req) => {
        const result = await withTenant(deps, req, (ctx) => bulkLeads(ctx, requestMeta(req), req.body));
        deps.outbox.kick();
        return ok({ action: result.action, updated: result.updated, not_found: result.not_found });
      },
    );

    app.get(
      '/scoring_rules/',
      {
        schema: {
          tags,
          summary: "The organisation's scoring rules (points per answer of each factor)",
          response: okResponse(scoringRulesResultSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => scoring.getScoringRules(ctx))),
    );

    app.put(
      '/scoring_rules/',
      {
        schema: {
          tags,
          summary: 'Replace the scoring rules (owner, admin); every lead is scored again at once',
          body: scoringRulesSchema,
          response: okResponse(scoringRulesResultSchema),
        },
      },
      async (req) => {
        const result = await withTenant(deps, req, (ctx) => scoring.putScoringRules(ctx, requestMeta(req), req.body));
        // Captures cached the old rules; their write would answer 'stale' and reload anyway.
        return ok(result);
      },
    );

    app.get(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'A lead (also while in the bin)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => leadsService.getLead(ctx, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Update a lead (member and up); status, assignee and follow-up changes go on the timeline',
          params: idParamsSchema,
          body: updateLeadSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.updateLead(ctx, requestMeta(req), req.params.id, req.body),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Move a lead to the bin (restorable for 30 days)',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => leadsService.deleteLead(ctx, requestMeta(req), req.params.id));
        deps.outbox.kick();
        return ok({ detail: 'Lead deleted' });
      },
    );

    app.post(
      '/:id/merge/',
      {
        schema: {
          tags,
          summary:
            'Merge another lead into this one: fields filled or chosen, tags unioned, both histories kept; the other goes to the bin',
          params: idParamsSchema,
          body: mergeLeadsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) => mergeLeads(ctx, requestMeta(req), req.params.id, req.body));
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.post(
      '/:id/restore/',
      {
        schema: {
          tags,
          summary: 'Bring a lead back from the bin (within 30 days)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.restoreLead(ctx, requestMeta(req), req.params.id),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.post(
      '/:id/status/',
      {
        schema: {
          tags,
          summary: "Change a lead's status, with an optional note; notify mails the assigned rep",
          params: idParamsSchema,
          body: changeStatusSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) => leadsService.changeStatus(ctx, req.params.id, req.body));
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.post(
      '/:id/assign/',
      {
        schema: {
          tags,
          summary: 'Assign a lead to a member who works on leads, or to nobody (null)',
          params: idParamsSchema,
          body: assignLeadSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) => leadsService.assignLead(ctx, req.params.id, req.body));
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.get(
      '/:id/score/',
      {
        schema: {
          tags,
          summary: "A lead's score and its breakdown by factor",
          params: idParamsSchema,
          response: okResponse(leadScoreSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => leadsService.getLeadScore(ctx, req.params.id))),
    );

    app.put(
      '/:id/score/',
      {
        schema: {
          tags,
          summary: 'Set a manual score (0-100), or null to score by the rules again',
          params: idParamsSchema,
          body: setScoreSchema,
          response: okResponse(leadScoreSchema),
        },
      },
      async (req) => {
        const score = await withTenant(deps, req, (ctx) =>
          leadsService.setManualScore(ctx, req.params.id, req.body.manual_score),
        );
        deps.outbox.kick();
        return ok(score);
      },
    );

    app.get(
      '/:id/activities/',
      {
        schema: {
          tags,
          summary: "A lead's timeline, newest first (type filters)",
          params: idParamsSchema,
          querystring: activityListQuerySchema,
          response: okResponse(paginated(leadActivitySchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          activities.listActivities(ctx, req.params.id, req.query.type, pageWindow(req.query)),
        );
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/:id/activities/',
      {
        schema: {
          tags,
          summary: 'Log a call, email or meeting on the lead',
          params: idParamsSchema,
          body: logActivitySchema,
          response: createdResponse(leadActivitySchema),
        },
      },
      async (req, reply) => {
        const activity = await withTenant(deps, req, (ctx) => activities.logActivity(ctx, req.params.id, req.body));
        deps.outbox.kick();
        reply.code(201);
        return ok(activity, 201);
      },
    );

    app.get(
      '/:id/notes/',
      {
        schema: {
          tags,
          summary: "A lead's internal notes, newest first (the text is `body`, as it is sent)",
          params: idParamsSchema,
          querystring: paginationQuerySchema,
          response: okResponse(paginated(leadNoteSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          activities.listNotes(ctx, req.params.id, pageWindow(req.query)),
        );
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/:id/notes/',
      {
        schema: {
          tags,
          summary: 'Add an internal note',
          params: idParamsSchema,
          body: noteBodySchema,
          response: createdResponse(leadNoteSchema),
        },
      },
      async (req, reply) => {
        const note = await withTenant(deps, req, (ctx) => activities.addNote(ctx, req.params.id, req.body.body));
        deps.outbox.kick();
        reply.code(201);
        return ok(note, 201);
      },
    );

    app.patch(
      '/:id/notes/:noteId/',
      {
        schema: {
          tags,
          summary: 'Edit a note (its author; owners and admins any note)',
          params: noteParamsSchema,
          body: noteBodySchema,
          response: okResponse(leadNoteSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            activities.updateNote(ctx, req.params.id, req.params.noteId, req.body.body),
          ),
        ),
    );

    app.delete(
      '/:id/notes/:noteId/',
      {
        schema: {
          tags,
          summary: 'Delete a note (its author; owners and admins any note)',
          params: noteParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => activities.deleteNote(ctx, req.params.id, req.params.noteId));
        deps.outbox.kick();
        return ok({ detail: 'Note deleted' });
      },
    );

    app.post(
      '/:id/approve/',
      {
        schema: {
          tags,
          summary: 'Approve a pending lead (member and up; 409 when not pending)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.decideApproval(ctx, requestMeta(req), req.params.id, 'approved'),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.post(
      '/:id/reject/',
      {
        schema: {
          tags,
          summary: 'Reject a pending lead (member and up; 409 when not pending)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.decideApproval(ctx, requestMeta(req), req.params.id, 'rejected'),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );
  };
}
