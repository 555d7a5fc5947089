import { authResultSchema, detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  acceptInvitationSchema,
  invitationLookupQuerySchema,
  invitationSchema,
  inviteMemberSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  memberAvailabilitySchema,
  updateMemberSchema,
} from '@leadcapture/contracts/team';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, sessionAuth, tenantRunner, withTenant } from '../../http/tenant.ts';
import { setRefreshCookie } from '../auth/auth.service.ts';
import * as invitations from './team-invitations.service.ts';
import * as team from './team.service.ts';

const tags = ['team'];

/** /auth/team/members/: the organisation's team (spec 01 §7), in the organisation the request acts on. */
export function teamRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/members/',
      {
        schema: {
          tags,
          summary: 'The team: joined, invited and inactive members (every role may read)',
          querystring: teamMembersQuerySchema,
          response: okResponse(paginated(teamMemberSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => team.listTeamMembers(ctx, req.query));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/members/',
      {
        schema: {
          tags,
          summary: 'Invite someone by email (owner, admin; only an owner invites an owner)',
          description:
            'Answers 201 with the member, status `invited`; its id stays the same after acceptance. Mails a link valid for 7 days, once. 409 CONFLICT when the person is already a member or already invited (resend instead).',
          body: inviteMemberSchema,
          response: createdResponse(teamMemberSchema),
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await team.inviteMember(deps, tenantRunner(deps, req), requestMeta(req), req.body), 201);
      },
    );

    app.get(
      '/members/:id/',
      {
        schema: { tags, summary: 'One team member', params: idParamsSchema, response: okResponse(teamMemberSchema) },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => team.getTeamMember(ctx, req.params.id))),
    );

    app.patch(
      '/members/:id/',
      {
        schema: {
          tags,
          summary: 'Change role, department, job title or status (owner, admin)',
          description:
            'Only an owner gives the owner role or changes an owner. The last owner cannot be demoted or made inactive (409 LAST_OWNER). Status `inactive` ends access at once and keeps the record; `joined` restores it.',
          params: idParamsSchema,
          body: updateMemberSchema,
          response: okResponse(teamMemberSchema),
        },
      },
      async (req) =>
        ok(await team.updateMember(deps, tenantRunner(deps, req), requestMeta(req), req.params.id, req.body)),
    );

    app.put(
      '/members/:id/availability/',
      {
        schema: {
          tags,
          summary: 'Mark a member available or not for automatically assigned captures (self; owner, admin for anyone)',
          description:
            'An unavailable member is skipped by an event’s round robin, and a fixed assignee who is unavailable leaves captures unassigned (docs/leads-scoring.md).',
          params: idParamsSchema,
          body: memberAvailabilitySchema,
          response: okResponse(teamMemberSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            team.setMemberAvailability(ctx, requestMeta(req), req.params.id, req.body.available),
          ),
        ),
    );

    app.delete(
      '/members/:id/',
      {
        schema: {
          tags,
          summary: 'Remove a member or withdraw an invitation (owner, admin)',
          description:
            'Access to the organisation ends at once. Only an owner removes an owner; the last owner cannot be removed (409 LAST_OWNER).',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await team.removeMember(deps, tenantRunner(deps, req), requestMeta(req), req.params.id);
        return ok({ detail: 'Team member removed' });
      },
    );

    app.post(
      '/members/:id/resend-invite/',
      {
        schema: {
          tags,
          summary: 'Mail a new invitation link; the previous link stops working (owner, admin)',
          params: idParamsSchema,
          response: okResponse(teamMemberSchema),
        },
      },
      async (req) => ok(await team.resendInvitation(deps, tenantRunner(deps, req), requestMeta(req), req.params.id)),
    );
  };
}

/** /auth/invitations/: the invitee's side, reachable without signing in (skip-auth). */
export function invitationRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/lookup/',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'The invitation of a link, for the accept page (organisation, email, role, state)',
          description:
            'Answers 200 for a known link whatever its state (`pending`, `expired`, `used`, `revoked`), and 404 INVITATION_INVALID for an unknown one.',
          querystring: invitationLookupQuerySchema,
          response: okResponse(invitationSchema),
        },
      },
      async (req) => ok(await invitations.lookupInvitation(deps, req.query.token)),
    );

    app.post(
      '/accept/',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Accept an invitation: as the signed-in account, or as a new account',
          description:
            'Signed in (bearer token): only `token`; the account must have the invited email (403 INVITATION_EMAIL_MISMATCH). Not signed in: `first_name`, `last_name`, `password`, `password_confirm` create the account (registration rules); if an account exists for the email, 401 NOT_AUTHENTICATED asks to sign in. Expired, used, replaced and unknown links answer 410 INVITATION_EXPIRED, 410 INVITATION_USED, 410 INVITATION_REVOKED, 404 INVITATION_INVALID. Answers like login.',
          body: acceptInvitationSchema,
          response: okResponse(authResultSchema),
        },
      },
      async (req, reply) => {
        const result = await invitations.acceptInvitation(deps, requestMeta(req), sessionAuth(req), req.body);
        // A new session, like login: the web app keeps its refresh token in the cookie only.
        setRefreshCookie(reply, deps.config.publicUrl, result.refresh);
        reply.header('Cache-Control', 'no-store');
        return ok(result);
      },
    );
  };
}
