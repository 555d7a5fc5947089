import { z } from 'zod';
import { ROLES } from './constants.ts';
import { MESSAGES, emailSchema, optionalText, requiredText } from './fields.ts';
import { passwordsMatch } from './auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, newPasswordSchema } from './passwords.ts';

/**
 * Team, roles and invitations (spec 01 §3, §4, §6; docs/decisions/018-team-and-invitations.md).
 * A team member is a membership of the organisation: invited, joined or inactive. Its id is the
 * membership's and does not change when the invitation is accepted.
 */
export const TEAM_MEMBER_STATUSES = ['joined', 'invited', 'inactive'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** An invitation link is valid this long (spec: 7 days), and once. */
export const INVITATION_TTL_DAYS = 7;

/** The message of spec 01 §6 for anyone who may not manage the team (403 PERMISSION_DENIED). */
export const TEAM_PERMISSION_MESSAGE = "You don't have permission to change this role";

export const teamMemberSchema = z.object({
  /** The membership's id: the same before and after the invitation is accepted. */
  id: z.uuid(),
  /** The account, once there is one in the organisation (null while invited). */
  user_id: z.uuid().nullable(),
  /** The account's full name once joined; the name given at invitation while invited (may be ''). */
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  department: z.string(),
  job_title: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /**
   * Takes automatically assigned captures (an event's round robin skips a member who is not, and
   * a fixed assignee who is not leaves the capture unassigned: docs/leads-scoring.md).
   */
  available: z.boolean(),
  /** When the member joined (accepted, or created the organisation); null while invited. */
  date_joined: z.iso.datetime().nullable(),
  invited_at: z.iso.datetime().nullable(),
  /** When the current invitation link stops working; null unless invited. */
  invitation_expires_at: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(TEAM_MEMBER_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  /** Free text over name and email. */
  search: z.string().trim().max(200).optional(),
});
export type TeamMembersQuery = z.input<typeof teamMembersQuerySchema>;

/** POST /auth/team/members/: invite someone by email (owner, admin; only an owner invites an owner). */
export const inviteMemberSchema = z
  .object({
    email: emailSchema,
    role: z.enum(ROLES, { error: 'Choose a role' }),
    name: optionalText(150).optional(),
    department: optionalText(150).optional(),
    job_title: optionalText(150).optional(),
  })
  .strict();
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/**
 * PATCH /auth/team/members/{id}/. `status` moves a joined member to `inactive` (access ends, the
 * record stays) and back to `joined`; an invited member's status changes only by acceptance.
 */
export const updateMemberSchema = z
  .object({
    role: z.enum(ROLES),
    department: optionalText(150),
    job_title: optionalText(150),
    status: z.enum(['joined', 'inactive']),
  })
  .partial()
  .strict();
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

/**
 * PUT /auth/team/members/{id}/availability/: a member marks themselves available or not for
 * automatic assignment (away from the booth, on holiday); owners and admins may do it for anyone.
 */
export const memberAvailabilitySchema = z.object({ available: z.boolean({ error: 'Choose true or false' }) }).strict();
export type MemberAvailabilityInput = z.input<typeof memberAvailabilitySchema>;

const tokenSchema = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(256);

/** GET /auth/invitations/lookup/?token=…: what the accept page shows before accepting. */
export const invitationLookupQuerySchema = z.object({ token: tokenSchema });

export const INVITATION_STATES = ['pending', 'expired', 'used', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }),
  email: z.string(),
  role: z.enum(ROLES),
  /** The name given at invitation ('' if none): prefills the new account's form. */
  name: z.string(),
  invited_by: z.string(),
  /** An account with this email exists: the page asks to sign in (as that account) and accept. */
  account_exists: z.boolean(),
  /** pending: can be accepted; expired, used or revoked (replaced by a resent link): cannot. */
  state: z.enum(INVITATION_STATES),
  expires_at: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * POST /auth/invitations/accept/. Signed in: only the token (the account's email must be the
 * invited one). Not signed in, for an email without an account: the new account's name and
 * password too, with the password rules of registration; the answer is that of login.
 */
export const acceptInvitationSchema = z
  .object({
    token: tokenSchema,
    first_name: requiredText(150).optional(),
    last_name: requiredText(150).optional(),
    password: newPasswordSchema.optional(),
    password_confirm: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict()
  // Checked when both are given; which of the new person's fields are missing is the server's call.
  .refine((v) => v.password === undefined || v.password_confirm === undefined || v.password === v.password_confirm, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['password_confirm'],
  });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** The accept page's form for a new person: every field required (for zodResolver on the web). */
export const acceptInvitationNewAccountSchema = z
  .object({
    token: tokenSchema,
    first_name: requiredText(150),
    last_name: requiredText(150),
    password: newPasswordSchema,
    password_confirm: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(PASSWORD_MAX_LENGTH),
  })
  .strict()
  .refine(...passwordsMatch('password', 'password_confirm'));
export type AcceptInvitationNewAccountInput = z.input<typeof acceptInvitationNewAccountSchema>;
