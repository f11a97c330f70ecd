import {
  guestSecretHeader,
  operations,
  ProblemDetailsSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { claimGuestCase, createGuestCase, getGuestCase } from './guest-cases.ts';

const tags = ['cases'];

/**
 * Per client address: a guest opens one case per questionnaire; enough for a family or a care home
 * behind one address, too few to fill the database with empty cases.
 */
export const guestCaseRateLimit = { max: 20, timeWindow: '10 minutes' } as const;

/** The guest's secret from `X-Guest-Secret` (one value; anything else is no secret). */
export function guestSecretOf(request: FastifyRequest): string | undefined {
  const value = request.headers[guestSecretHeader];
  return typeof value === 'string' ? value : undefined;
}

/** A guest route's 404: the case and its secret do not match. */
export const guestCaseNotFound = {
  404: ProblemDetailsSchema.meta({
    description:
      'No guest case with this id and secret (`NotFoundException`): missing, claimed, or another secret.',
  }),
};

/**
 * The anonymous wizard's guest cases (docs/decisions.md "Anonymous flows"): a case without an owner,
 * held by the secret the server made for the guest's browser. Sign-in claims the case for the
 * account. Its questionnaires are the surveys module's (`guestCaseSurveyRoutes`).
 */
export const guestCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.createGuestCase, {
      tags,
      summary: 'Open a guest’s case with the guest’s health-data consent (anonymous wizard)',
      description:
        'Answers the case and its secret, once: send the secret as `X-Guest-Secret` with every call ' +
        'about the case. `healthDataConsent: true` is required before anything is stored. A repeat ' +
        'with the same `creationKey` answers the same case with a new secret while nothing is saved in ' +
        'it (409 `Conflict` after). Unclaimed guest cases are deleted 30 days after they were opened.',
      config: { rateLimit: guestCaseRateLimit },
      failures: {
        400: ValidationProblemSchema,
        409: ProblemDetailsSchema.meta({
          description: 'This creation key opened a case that has answers already (`Conflict`).',
        }),
        429: ProblemDetailsSchema.meta({
          description: 'Too many new cases from this address (`RateLimited`).',
        }),
      },
    }),
    handler: async (request, reply) => {
      return reply.code(201).send(await createGuestCase(app.db, request.body));
    },
  });

  app.route({
    ...operationRoute(operations.getGuestCase, {
      tags,
      summary: 'A guest’s case: when it expires and where its questionnaires stand',
      config: { guestSecret: true },
      failures: guestCaseNotFound,
    }),
    handler: async (request) => {
      return getGuestCase(app.db, request.params.caseId, guestSecretOf(request));
    },
  });

  app.route({
    ...operationRoute(operations.claimGuestCase, {
      tags,
      summary: 'Take over a guest’s case for the signed-in account (after sign-up or sign-in)',
      description:
        'With the case’s secret: the case becomes the caller’s with its answers, the secret stops ' +
        'working, and the guest’s health-data consent is recorded for the caller. A repeat by the same ' +
        'caller answers the case again; anyone else gets 404.',
      config: { guestSecret: true },
      failures: guestCaseNotFound,
    }),
    handler: async (request) => {
      return claimGuestCase(
        app.db,
        requirePrincipal(request).userId,
        request.params.caseId,
        guestSecretOf(request),
      );
    },
  });
};
