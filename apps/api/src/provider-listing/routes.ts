import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { ForbiddenError } from '../platform/errors.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope, seesWholeProvider } from '../platform/provider-scope.ts';
import { confirmListing, getListingConfirmation } from './confirm-listing.ts';

const tags = ['provider listing'];
const notMember = {
  404: ProblemDetailsSchema.meta({
    description: 'The caller is not a member of this provider (`NotFoundException`).',
  }),
};

/** Keeping the listing true (issue 23 §6): the six-monthly confirmation the provider area asks for. */
export const providerListingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getListingConfirmation, {
      tags,
      summary: 'When the provider last confirmed its listing, and whether it is due again',
      description:
        'Due six months after the last confirmation; carers see the listing as possibly out of date a ' +
        'month after that. Any member of the provider may read it.',
      failures: notMember,
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return getListingConfirmation(app.db, scope.providerId, app.clock());
    },
  });

  app.route({
    ...operationRoute(operations.confirmListing, {
      tags,
      summary: 'Confirm that the provider’s listing is up to date',
      description:
        'Administrators and coordinators. Sets the confirmation to now (never backwards: repeating it is ' +
        'harmless); the next reminder falls due six months later, and the catalogue shows the new date ' +
        'on the next request.',
      failures: {
        ...notMember,
        403: ProblemDetailsSchema.meta({
          description:
            'A worker of this provider (an administrator or a coordinator elsewhere) (`ForbiddenException`).',
        }),
      },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      // The operation's roles may come from another provider; here the caller must keep the services.
      if (!seesWholeProvider(scope)) {
        throw new ForbiddenError('Only an administrator or a coordinator confirms the listing.');
      }
      return confirmListing(app.db, scope.providerId, app.clock());
    },
  });
};
