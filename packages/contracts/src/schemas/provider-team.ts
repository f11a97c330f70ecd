import { z } from 'zod';
import { locales, providerRoles } from '../enums.ts';
import { DateTimeSchema, EmailSchema, selectedOptionError } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { SignUpSchema } from './accounts.ts';
import { IdParamSchema, IdSchema, SelectedIdSchema } from './common.ts';
import { ActionTokenSchema } from './identity.ts';

/** How long an invitation link opens the invitation (decision 0115). */
export const providerInvitationValidDays = 7;

const RoleChoiceSchema = z.enum(providerRoles, { error: selectedOptionError });

/** Roles of a member: at least one, each once. */
const MemberRolesSchema = z
  .array(RoleChoiceSchema)
  .min(1, validationKey('choiceMin'))
  .max(providerRoles.length)
  .refine((roles) => new Set(roles).size === roles.length, { error: validationKey('invalid') });

/** Facilities of a member (a worker sees their requests): each once, at most a few hundred. */
const MemberFacilitiesSchema = z
  .array(SelectedIdSchema)
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, { error: validationKey('invalid') });

export const ProviderTeamMemberParamsSchema = z.object({
  providerId: IdParamSchema,
  providerUserId: IdParamSchema,
});

/**
 * One person of the provider's team (`/provider/users`): a registered member, or an invitation not
 * accepted yet (`registered: false`, no name, `inviteExpiresAt` says until when the link opens it).
 */
export const ProviderTeamMemberSchema = z
  .object({
    providerUserId: IdSchema,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    roles: z.array(z.enum(providerRoles)).min(1),
    facilities: z.array(z.object({ id: IdSchema, name: z.string() })),
    /** The person has an account here and accepted the invitation (or was made a member directly). */
    registered: z.boolean(),
    invitedAt: DateTimeSchema.nullable(),
    /** For a pending invitation: when its link stops opening it (`expired` once past). */
    inviteExpiresAt: DateTimeSchema.nullable(),
    inviteExpired: z.boolean(),
    lastSignInAt: DateTimeSchema.nullable(),
  })
  .meta({ id: 'ProviderTeamMember' });
export type ProviderTeamMember = z.infer<typeof ProviderTeamMemberSchema>;

export const ProviderTeamMemberListSchema = z
  .object({
    items: z.array(ProviderTeamMemberSchema),
    /** Every facility of the provider, for the facility pickers. */
    facilities: z.array(z.object({ id: IdSchema, name: z.string() })),
    /** The caller's own membership (they cannot remove or demote themselves as the last administrator). */
    meProviderUserId: IdSchema,
  })
  .meta({ id: 'ProviderTeamMemberList' });
export type ProviderTeamMemberList = z.infer<typeof ProviderTeamMemberListSchema>;

/** `POST …/users`: invite an address with roles and facilities, the e-mail in the chosen language. */
export const ProviderInvitationCreateSchema = z
  .object({
    email: EmailSchema,
    roles: MemberRolesSchema,
    facilityIds: MemberFacilitiesSchema.default([]),
    locale: z.enum(locales, { error: selectedOptionError }),
  })
  .meta({ id: 'ProviderInvitationCreateBody' });
export type ProviderInvitationCreate = z.input<typeof ProviderInvitationCreateSchema>;

/** `PUT …/users/{providerUserId}`: a member's roles and facilities, both as they should be. */
export const ProviderTeamMemberUpdateSchema = z
  .object({ roles: MemberRolesSchema, facilityIds: MemberFacilitiesSchema })
  .meta({ id: 'ProviderTeamMemberUpdateBody' });
export type ProviderTeamMemberUpdate = z.infer<typeof ProviderTeamMemberUpdateSchema>;

/** The token of an invitation link (in the body, so it stays out of access logs). */
export const ProviderInvitationTokenSchema = z
  .object({ token: ActionTokenSchema })
  .meta({ id: 'ProviderInvitationTokenBody' });
export type ProviderInvitationToken = z.infer<typeof ProviderInvitationTokenSchema>;

/** What the invitation page shows before the person registers or signs in. */
export const ProviderInvitationViewSchema = z
  .object({
    providerName: z.string(),
    email: z.string(),
    roles: z.array(z.enum(providerRoles)).min(1),
    locale: z.enum(locales),
    /** The address has an account: the invitee signs in and accepts instead of registering. */
    accountExists: z.boolean(),
  })
  .meta({ id: 'ProviderInvitationView' });
export type ProviderInvitationView = z.infer<typeof ProviderInvitationViewSchema>;

/** `POST /web/provider-invitations/sign-up`: the registration form for the invited address, and the token. */
export const ProviderInvitationSignUpSchema = SignUpSchema.extend({ token: ActionTokenSchema }).meta({
  id: 'ProviderInvitationSignUpBody',
});
export type ProviderInvitationSignUp = z.infer<typeof ProviderInvitationSignUpSchema>;

export const ProviderInvitationAcceptedSchema = z
  .object({ providerId: IdSchema, providerName: z.string() })
  .meta({ id: 'ProviderInvitationAccepted' });
export type ProviderInvitationAccepted = z.infer<typeof ProviderInvitationAcceptedSchema>;
