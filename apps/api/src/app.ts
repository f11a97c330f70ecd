import type { Db } from '@opora/db';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { accountRoutes } from './accounts/routes.ts';
import { assistantWorkRoutes } from './assistant-work/routes.ts';
import { backgroundWork } from './background-work.ts';
import { guestCaseRoutes } from './cases/guest-routes.ts';
import { caseRoutes } from './cases/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { devMailRoutes } from './dev-mail/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identityAdminRoutes } from './identity/admin/routes.ts';
import { type IdentityPluginOptions, identityPlugin, issuerKeys } from './identity/index.ts';
import { mailTemplates } from './mail-templates.ts';
import { paymentGatewaysPlugin } from './payments/gateways.ts';
import { placeRoutes } from './places/routes.ts';
import { authPlugin } from './platform/auth.ts';
import { catalogueChangesPlugin } from './platform/catalogue-changes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Config, configPlugin } from './platform/config.ts';
import { databasePlugin } from './platform/database.ts';
import { envelopePlugin } from './platform/envelope.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './platform/errors.ts';
import { identityAdminPlugin } from './platform/identity-admin.ts';
import { type JobsOptions, jobsPlugin } from './platform/jobs.ts';
import { createLogger, requestIdOptions, requestIdPlugin } from './platform/logging.ts';
import { mailPlugin } from './platform/mail.ts';
import { noStorePlugin } from './platform/no-store.ts';
import { openApiPlugin } from './platform/openapi.ts';
import { securityPlugin } from './platform/security.ts';
import { zodValidatorCompiler } from './platform/validation.ts';
import { webAppPlugin } from './platform/web-app.ts';
import { providerClientRoutes } from './provider-clients/routes.ts';
import { providerDocumentRoutes } from './provider-documents/routes.ts';
import { providerImageRoutes } from './provider-images/routes.ts';
import { providerDashboardRoutes } from './provider-inbox/dashboard-routes.ts';
import { providerExportRoutes } from './provider-inbox/export/routes.ts';
import { providerInboxRoutes } from './provider-inbox/routes.ts';
import { providerJoinRoutes } from './provider-join/routes.ts';
import { providerListingRoutes } from './provider-listing/routes.ts';
import { providerPlanRoutes } from './provider-plan/routes.ts';
import { providerProfileRoutes } from './provider-profile/routes.ts';
import { providerServiceRoutes } from './provider-services/routes.ts';
import { providerTeamRoutes } from './provider-team/routes.ts';
import { providerVerificationRoutes } from './provider-verification/routes.ts';
import { regionRoutes } from './regions/routes.ts';
import { careRequestRoutes } from './requests/routes.ts';
import { serviceCapacityRoutes } from './service-capacity/routes.ts';
import { serviceTypeRoutes } from './service-types/routes.ts';
import { staffAuditRoutes } from './staff-audit/routes.ts';
import { adminSubscriptionRoutes } from './subscriptions/admin-routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { stripeRoutes } from './subscriptions/stripe-routes.ts';
import { testGatewayRoutes } from './subscriptions/test-gateway-routes.ts';
import { supportRoutes } from './support/routes.ts';
import { guestCaseSurveyRoutes } from './surveys/guest-survey-routes.ts';
import { surveyRoutes } from './surveys/routes.ts';
import { webConfigRoutes } from './web-config/routes.ts';
import { webConfigOf } from './web-config/web-config.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** JSON lines to stdout when omitted; tests pass one that writes to a stream they read. */
  logger?: Logger;
  /** Tests only: clock, test clients and realm overrides of the embedded identity server. */
  identity?: IdentityPluginOptions;
  /** Tests only: the job queue's clock. */
  jobs?: JobsOptions;
  /** Tests only: the time domain rules read (`app.clock`), e.g. a service's capacity going stale, six months on for listing confirmation. */
  clock?: Clock;
}

/**
 * The whole HTTP application as one Fastify instance, not yet listening. `server.ts` listens;
 * tests call `inject` or listen on a free port.
 */
export async function buildApp({ config, db, logger, identity, jobs, clock }: BuildAppOptions) {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    ...requestIdOptions,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // `__proto__` and `constructor.prototype` keys are dropped like any unknown field, not refused:
    // the documented bodies admit fields they do not name, and nothing reads them either way.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Failures before the error handler can see them, answered as problem details too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Platform. The error handler comes before security and routes, so a failure in any of their
  // hooks (rate limit, validation, a route) is answered as problem details.
  app.decorate('clock', clock ?? systemClock);
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { db });
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(envelopePlugin);
  await app.register(openApiPlugin, { config });
  await app.register(jobsPlugin, { config, work: backgroundWork, options: jobs }); // app.jobs: pg-boss; workers unless JOBS_WORKER=false
  await app.register(mailPlugin, { config, templates: mailTemplates }); // app.mailer: queued e-mail, sent by a worker
  await app.register(identityAdminPlugin); //                          app.identityAdmin: the identity adapter
  await app.register(paymentGatewaysPlugin); //                        app.paymentGateways: test gateway, Stripe
  // Before the modules: it hooks every route with an operationId into the one permission check.
  await app.register(authPlugin, { config, keys: issuerKeys(config, db) }); // request.principal
  await app.register(catalogueChangesPlugin, { config }); //          app.catalogueCache: cleared on every committed catalogue change (LISTEN)
  await app.register(noStorePlugin); //                                Cache-Control: no-store where the operation says so

  // API modules — the table of contents of the HTTP API. Each route takes its full path from the
  // operations table of packages/contracts, so modules register without a prefix.
  await app.register(healthRoutes); //                                GET /api/health, /api/ready
  await app.register(webConfigRoutes); //                             GET /api/v1/web/config
  await app.register(regionRoutes); //                                GET /api/v1/web/regions
  await app.register(placeRoutes); //                                 GET /api/v1/web/places
  await app.register(catalogueRoutes); //                             GET /api/v1/web/service-types, /services, /services/{id}
  await app.register(contactRoutes); //                               POST /api/v1/web/contact
  await app.register(accountRoutes); //                               /api/v1/web/users/...
  await app.register(clientRoutes); //                                /api/v1/web/relationship-types, /clients/...
  await app.register(caseRoutes); //                                  /api/v1/web/cases/..., /clients/{id}/cases
  await app.register(guestCaseRoutes); //                             /api/v1/web/guest-cases/... (anonymous wizard, X-Guest-Secret)
  await app.register(guestCaseSurveyRoutes); //                       /api/v1/web/guest-cases/{id}/surveys/{type} (X-Guest-Secret)
  await app.register(surveyRoutes); //                                /api/v1/web/surveys/{type}, /cases/{id}/surveys/{type}; /api/v1/admin/survey-definitions...
  await app.register(careRequestRoutes); //                           /api/v1/web/cases/{id}/request-drafts/{serviceId}, /request-drafts/..., /care-requests/..., /clients/{id}/care-requests
  await app.register(documentRoutes); //                              /api/v1/web/request-drafts/{id}/documents/{id}, /care-requests/{id}/documents/{id}
  await app.register(providerJoinRoutes); //                          POST /api/v1/web/providers/join; PUT /api/v1/admin/providers/{id}/verification
  await app.register(providerInboxRoutes); //                         /api/v1/provider/memberships, /provider/providers/{id}/team, /requests...
  await app.register(serviceCapacityRoutes); //                       /api/v1/provider/providers/{id}/capacity, /services/{id}/capacity
  await app.register(providerDashboardRoutes); //                     GET /api/v1/provider/providers/{id}/dashboard
  await app.register(providerPlanRoutes); //                          /api/v1/provider/providers/{id}/plan, /plan/checkouts
  await app.register(providerListingRoutes); //                       /api/v1/provider/providers/{id}/listing-confirmation (GET, POST)
  await app.register(providerProfileRoutes); //                       /api/v1/provider/providers/{id}/profile, /facilities, /contacts
  await app.register(providerClientRoutes); //                        /api/v1/provider/providers/{id}/clients*
  await app.register(providerTeamRoutes); //                          /api/v1/provider/providers/{id}/users, /api/v1/web/provider-invitations/*
  await app.register(providerDocumentRoutes); //                      /api/v1/provider/providers/{id}/verification-documents, /{id}
  await app.register(providerVerificationRoutes); //                  /api/v1/admin/provider-verifications, /{id}, /{id}/decision, /{id}/documents/{id}
  await app.register(staffAuditRoutes); //                            GET /api/v1/admin/audit
  await app.register(serviceTypeRoutes); //                           /api/v1/admin/service-types, /{id}, /{id}/retire, /{id}/unretire, /api/v1/admin/service-categories/{id}
  await app.register(supportRoutes); //                               /api/v1/admin/support-messages...
  await app.register(adminSubscriptionRoutes); //                     /api/v1/admin/subscriptions...
  await app.register(assistantWorkRoutes); //                         /api/v1/admin/assistant-tasks..., GET /api/v1/web/cases/{id}/assistant-task
  await app.register(providerExportRoutes); //                        /api/v1/provider/providers/{id}/export, /exports...
  await app.register(providerServiceRoutes); //                       /api/v1/provider/providers/{id}/services..., /survey-definitions...
  await app.register(providerImageRoutes); //                         /api/v1/images (proxy), /images/stored/{key}; /provider/providers/{id}/logo, /images, /facilities/{id}/photos...
  await app.register(subscriptionRoutes); //                          /api/v1/web/subscription-types, /subscriptions/current..., /checkouts..., /cases/{id}/assistant-task; /api/v1/admin/assistant-tasks
  await app.register(stripeRoutes); //                                POST /api/v1/payments/stripe/events
  await app.register(testGatewayRoutes); //                           /api/v1/test-gateway/checkouts/{ref} (page, choice), /api/v1/payments/test-gateway/events
  if (config.identity.embedded) await app.register(identityPlugin, identity ?? {}); // /realms/{realm}/... (OIDC)
  if (config.identity.embedded) await app.register(identityAdminRoutes); // /admin/realms/{realm}/users...
  await app.register(devMailRoutes); //                               GET /api/v1/dev/mail, /dev/mail (dev only)

  // The browser app last: its catch-all navigation route yields to every route above.
  await app.register(webAppPlugin, { config, webConfig: webConfigOf(config) });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
