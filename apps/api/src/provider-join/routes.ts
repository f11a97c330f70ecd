import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRateLimits } from '../accounts/rate-limits.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { joinAsProvider } from './join-as-provider.ts';
import { verifyProvider } from './verify-provider.ts';

/** An organisation joins; staff verify it (issue 23 §1, docs/decisions/0095 and 0096). */
export const providerJoinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.joinAsProvider, {
      // The sign-up's budget: the same accounts are made, by the same people.
      config: { rateLimit: { ...accountRateLimits.signUp, max: app.config.signUpRateLimitMax } },
      tags: ['providers'],
      summary: 'An organisation joins: its administrator’s account and the provider',
      description:
        'The sign-up form plus `organisation` (the provider’s details and its country). A provider with the IČO and country that ' +
        'nobody administers yet is claimed (its facilities and services stay); one that has users answers ' +
        '409 `NotUniqueValidator` on `organisation.identificationCode`, an address that is registered ' +
        '409 on `email`, a county that does not exist 400 on `organisation.address.countyCode`. The provider is unverified until staff verify it; the account confirms its e-mail ' +
        'as any other.',
      failures: {
        400: ValidationProblemSchema,
        409: ValidationProblemSchema,
        429: ProblemDetailsSchema.meta({ description: 'Too many attempts (`RateLimited`).' }),
      },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(
        await joinAsProvider(
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

  app.route({
    ...operationRoute(operations.setProviderVerification, {
      tags: ['providers'],
      summary: 'Verify a provider or withdraw its verification (staff)',
      description:
        'Staff checked the registration with the regional authority. The provider’s services follow its ' +
        'flag; verifying a verified provider keeps its date. Also `pnpm provider:verify`.',
      failures: { 400: ValidationProblemSchema },
    }),
    handler: async (request) =>
      verifyProvider(
        app.db,
        requirePrincipal(request),
        request.params.providerId,
        request.body.verified,
        app.clock(),
      ),
  });
};
