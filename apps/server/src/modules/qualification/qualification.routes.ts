import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  eventAssignmentSchema,
  eventScoringRulesSchema,
  updateEventAssignmentSchema,
  updateEventScoringRulesSchema,
} from '@leadcapture/contracts/qualification';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as qualification from './qualification.service.ts';

/**
 * /events/{id}/ and /offers/{id}/ assignment/ and scoring_rules/ (docs/leads-scoring.md): an
 * offer's captures are assigned and scored as an event's.
 */
export function qualificationRoutes(deps: AppDeps, kind: qualification.QualifiedPageKind = 'event') {
  const tags = [kind === 'event' ? 'events' : 'offers'];
  const page = kind === 'event' ? 'event' : 'offer';
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/:id/assignment/',
      {
        schema: {
          tags,
          summary: `Who the ${page}’s new captures are assigned to`,
          params: idParamsSchema,
          response: okResponse(eventAssignmentSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => qualification.getAssignment(ctx, kind, req.params.id))),
    );

    app.put(
      '/:id/assignment/',
      {
        schema: {
          tags,
          summary: 'Set the assignment of new captures (owner, admin, member)',
          description:
            '`none`; `fixed` (one member: a capture stays unassigned while that member is unavailable); `round_robin` over `user_ids` (all members who work on leads when empty), skipping members who are unavailable. 422 for anyone who is not an active member who works on leads.',
          params: idParamsSchema,
          body: updateEventAssignmentSchema,
          response: okResponse(eventAssignmentSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            qualification.putAssignment(ctx, requestMeta(req), kind, req.params.id, req.body),
          ),
        ),
    );

    app.get(
      '/:id/scoring_rules/',
      {
        schema: {
          tags,
          summary: `The ${page}’s scoring rules over its form answers`,
          params: idParamsSchema,
          response: okResponse(eventScoringRulesSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => qualification.getScoringRules(ctx, kind, req.params.id))),
    );

    app.put(
      '/:id/scoring_rules/',
      {
        schema: {
          tags,
          summary: `Replace the ${page}’s scoring rules over its form answers (owner, admin, member)`,
          description: `Each rule reads one field of the ${page}’s form (equals, one_of, contains) and adds points (±100) or sets the interest. 422 for an unknown field, a value that is not among the field’s options, or a condition the field cannot have. The ${page}’s leads are rescored at once.`,
          params: idParamsSchema,
          body: updateEventScoringRulesSchema,
          response: okResponse(eventScoringRulesSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            qualification.putScoringRules(ctx, requestMeta(req), kind, req.params.id, req.body),
          ),
        ),
    );
  };
}
