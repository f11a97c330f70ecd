import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRateLimits } from '../accounts/rate-limits.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { acceptInvitation, lookUpInvitation, signUpWithInvitation } from './invitations.ts';
import { inviteProviderUser } from './invite-provider-user.ts';
import { removeTeamMember } from './remove-team-member.ts';
import { resendInvitation } from './resend-invitation.ts';
import { listTeamMembers } from './team-members.ts';
import { updateTeamMember } from './update-team-member.ts';

const tags = ['provider team'];

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the member is not one of its people (`NotFoundException`).',
});
const notAdministrator = ProblemDetailsSchema.meta({
  description: 'The caller is a member of the provider but not its administrator (`Forbidden`).',
});
const invalidLink = ProblemDetailsSchema.meta({
  description:
    'The link is unknown, revoked, replaced by a newer one, accepted or expired (`InvalidOrExpiredToken`).',
});
const lastAdministrator = ProblemDetailsSchema.meta({
  description: 'The provider’s last registered administrator (`ProviderLastAdministrator`).',
});

/**
 * A provider's team (issue 24 §1, decisions 0115 and 0116): its administrators list, invite, change,
 * remove; the invitee looks the invitation up, registers or signs in, and accepts.
 */
export const providerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: Parameters<typeof requirePrincipal>[0], providerId: string) =>
    resolveProviderScope(app.db, requirePrincipal(request), providerId);
  const context = { db: app.db, mailer: app.mailer, config: app.config };

  app.route({
    ...operationRoute(operations.listProviderTeamMembers, {
      tags,
      summary: 'The provider’s people and pending invitations',
      description:
        'E-mail, name, roles, facilities, whether registered, when invited (and until when the link works), ' +
        'last sign-in. For the provider’s administrators.',
      failures: { 403: notAdministrator, 404: notMember },
    }),
    handler: async (request) => listTeamMembers(app.db, await scopeOf(request, request.params.providerId)),
  });

  app.route({
    ...operationRoute(operations.inviteProviderUser, {
      tags,
      summary: 'Invite an e-mail address to the team',
      description:
        'A pending member with the roles and facilities given, and an e-mail in `locale` with a link valid ' +
        'for 7 days. An address invited already, or a member’s, answers 409 ' +
        '`ProviderInviteEmailAlreadyAssigned` on `email`; a facility of another provider 400 on `facilityIds`.',
      failures: {
        400: ValidationProblemSchema,
        403: notAdministrator,
        404: notMember,
        409: ValidationProblemSchema,
      },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await inviteProviderUser(context, await scopeOf(request, request.params.providerId), request.body),
        ),
  });

  app.route({
    ...operationRoute(operations.updateProviderTeamMember, {
      tags,
      summary: 'Change a member’s roles and facilities',
      description:
        'Only a member of this provider can be assigned to its facilities (SPEC §5): a facility of another ' +
        'provider answers 400 on `facilityIds`. The last registered administrator keeps the role (409).',
      failures: {
        400: ValidationProblemSchema,
        403: notAdministrator,
        404: notMember,
        409: lastAdministrator,
      },
    }),
    handler: async (request) =>
      updateTeamMember(
        context,
        await scopeOf(request, request.params.providerId),
        request.params.providerUserId,
        request.body,
      ),
  });

  app.route({
    ...operationRoute(operations.removeProviderTeamMember, {
      tags,
      summary: 'Remove a member or revoke an invitation',
      description:
        'The member’s open requests assigned to them go back to their facility team’s queue, each with an ' +
        'event in its history; nothing of their past work is deleted. The last registered administrator ' +
        'cannot be removed (409).',
      failures: { 403: notAdministrator, 404: notMember, 409: lastAdministrator },
    }),
    handler: async (request, reply) => {
      await removeTeamMember(
        context,
        await scopeOf(request, request.params.providerId),
        request.params.providerUserId,
      );
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.resendProviderInvitation, {
      tags,
      summary: 'Send a pending invitation again',
      description: 'A new link, valid 7 days again; the earlier link stops working. An accepted one is 409.',
      failures: {
        403: notAdministrator,
        404: notMember,
        409: ProblemDetailsSchema.meta({ description: 'The invitation was accepted already (`Conflict`).' }),
      },
    }),
    handler: async (request) =>
      resendInvitation(
        context,
        await scopeOf(request, request.params.providerId),
        request.params.providerUserId,
      ),
  });

  app.route({
    ...operationRoute(operations.getProviderInvitation, {
      config: { rateLimit: accountRateLimits.confirmEmail },
      tags,
      summary: 'The invitation an e-mailed link opens',
      description: 'Provider, address, roles, language, and whether the address has an account already.',
      failures: { 400: invalidLink },
    }),
    handler: async (request) => lookUpInvitation(app.db, request.body.token),
  });

  app.route({
    ...operationRoute(operations.acceptProviderInvitation, {
      config: { rateLimit: accountRateLimits.confirmEmail },
      tags,
      summary: 'Accept an invitation with the signed-in account',
      description:
        'The account must be the invited address’s (403 otherwise). Accepting again with the same account ' +
        'answers the same; an account that is a member already answers 409.',
      failures: {
        400: invalidLink,
        403: ProblemDetailsSchema.meta({
          description: 'The invitation is for another address (`Forbidden`).',
        }),
        409: ProblemDetailsSchema.meta({ description: 'The account is a member already (`Conflict`).' }),
      },
    }),
    handler: async (request) => acceptInvitation(app.db, requirePrincipal(request), request.body.token),
  });

  app.route({
    ...operationRoute(operations.signUpWithProviderInvitation, {
      config: { rateLimit: { ...accountRateLimits.signUp, max: app.config.signUpRateLimitMax } },
      tags,
      summary: 'Register with the invited address and join the provider',
      description:
        'The sign-up form (its `email` must be the invited address) plus `token`. The account is made as a ' +
        'sign-up makes it; an address with an account answers 409 `NotUniqueValidator` on `email` (sign in ' +
        'and accept instead).',
      failures: {
        400: ValidationProblemSchema,
        409: ValidationProblemSchema,
        429: ProblemDetailsSchema.meta({ description: 'Too many attempts (`RateLimited`).' }),
      },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(
        await signUpWithInvitation(
          {
            db: app.db,
            identityAdmin: app.identityAdmin,
            mailer: app.mailer,
            jobs: app.jobs,
            config: app.config,
            log: request.log,
          },
          request.body,
        ),
      ),
  });
};
