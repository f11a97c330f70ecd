import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import type { AccountContext } from './account-context.ts';
import { changePassword } from './change-password.ts';
import { confirmEmail } from './confirm-email.ts';
import { deleteAccount } from './delete-account.ts';
import { getCurrentUser } from './get-current-user.ts';
import { accountRateLimits } from './rate-limits.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resendEmailConfirmation } from './resend-email-confirmation.ts';
import { resetPassword } from './reset-password.ts';
import { signUp } from './sign-up.ts';
import { updateCurrentUser } from './update-current-user.ts';

const _noContent = z.null().meta({ description: 'Done; no body.' });
const tags = ['accounts'];

/** Failure answers every signed-in operation may give (documentation; bodies come from the error handler). */
const signedInFailures = {
  401: ProblemDetailsSchema.meta({ description: 'No valid access token (`Unauthorized`).' }),
  403: ProblemDetailsSchema.meta({ description: 'The role does not grant the operation (`Forbidden`).' }),
};
const invalidBody = { 400: ValidationProblemSchema };
const rateLimited = { 429: ProblemDetailsSchema.meta({ description: 'Too many attempts (`RateLimited`).' }) };

/**
 * The account API under `/api/v1/web/users` (SPEC §7): thin routes over one use case each. The
 * permission check (platform/auth.ts) has run before every handler.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): AccountContext => ({
    db: app.db,
    identityAdmin: app.identityAdmin,
    mailer: app.mailer,
    jobs: app.jobs,
    config: app.config,
    log: request.log,
  });

  app.route({
    ...operationRoute(operations.signUp, {
      config: { rateLimit: { ...accountRateLimits.signUp, max: app.config.signUpRateLimitMax } },
      tags,
      summary: 'Register an account and e-mail a confirmation link',
      description:
        'SPEC §3 sign-up form. Consent to the terms and personal-data processing is mandatory. An ' +
        'address that is registered already is answered 409 `NotUniqueValidator` on `email`.',
      failures: { ...invalidBody, 409: ValidationProblemSchema, ...rateLimited },
    }),
    handler: async (request, reply) => reply.code(201).send(await signUp(context(request), request.body)),
  });

  app.route({
    ...operationRoute(operations.getCurrentUser, {
      tags,
      summary: 'The signed-in user, their permissions, subscription and e-mail confirmation state',
      failures: { ...signedInFailures },
    }),
    handler: async (request) => {
      return getCurrentUser(app.db, requirePrincipal(request));
    },
  });

  app.route({
    ...operationRoute(operations.updateCurrentUser, {
      tags,
      summary: 'Change names, phone or language of the signed-in user',
      failures: { ...invalidBody, ...signedInFailures },
    }),
    handler: async (request) => {
      const principal = requirePrincipal(request);
      await updateCurrentUser(context(request), principal, request.body);
      return getCurrentUser(app.db, principal);
    },
  });

  app.route({
    ...operationRoute(operations.deleteCurrentUser, {
      tags,
      summary: 'Delete the signed-in account irreversibly',
      description:
        'Ends every session, deletes the identity account and removes personal data; what providers’ ' +
        'records or the law require is kept anonymised (see docs/decisions.md).',
      failures: { ...signedInFailures },
    }),
    handler: async (request, reply) => {
      await deleteAccount(context(request), requirePrincipal(request));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.changePassword, {
      config: { rateLimit: accountRateLimits.changePassword },
      tags,
      summary: 'Change the password, proving the current one',
      description:
        'A wrong current password is answered 400 `IncorrectCurrentPassword` on `currentPassword`.',
      failures: { ...invalidBody, ...signedInFailures, ...rateLimited },
    }),
    handler: async (request, reply) => {
      await changePassword(context(request), requirePrincipal(request), request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.resendEmailConfirmation, {
      config: { rateLimit: accountRateLimits.resendEmailConfirmation },
      tags,
      summary: 'Send a new e-mail confirmation link',
      description:
        'At most one a minute (429); an address confirmed already is answered 409 `EmailAlreadyConfirmed`.',
      failures: { ...signedInFailures, 409: ProblemDetailsSchema, ...rateLimited },
    }),
    handler: async (request, reply) => {
      await resendEmailConfirmation(context(request), requirePrincipal(request));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.confirmEmail, {
      config: { rateLimit: accountRateLimits.confirmEmail },
      tags,
      summary: 'Confirm the e-mail address with the token of the e-mailed link',
      description: 'An unknown, used or expired token is answered 400 `InvalidOrExpiredToken`.',
      failures: { 400: ValidationProblemSchema.or(ProblemDetailsSchema), ...rateLimited },
    }),
    handler: async (request, reply) => {
      await confirmEmail(context(request), request.body.token);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.requestPasswordReset, {
      config: { rateLimit: accountRateLimits.requestPasswordReset },
      tags,
      summary: 'E-mail a password reset link',
      description:
        '204 whether or not the address has an account (503 `ServiceUnavailable`, for any address, ' +
        'only while the database cannot serve). The e-mail is queued and sent in the background; its ' +
        'link opens `/reset-password?token=…`, works once and for one hour.',
      failures: { ...invalidBody, ...rateLimited },
    }),
    handler: async (request, reply) => {
      await requestPasswordReset(context(request), request.body.email);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.resetPassword, {
      config: { rateLimit: accountRateLimits.resetPassword },
      tags,
      summary: 'Set a new password with the token of the reset link; ends every session',
      description: 'An unknown, used or expired token is answered 400 `InvalidOrExpiredToken`.',
      failures: { 400: ValidationProblemSchema.or(ProblemDetailsSchema), ...rateLimited },
    }),
    handler: async (request, reply) => {
      await resetPassword(context(request), request.body);
      return reply.code(204).send(null);
    },
  });
};
