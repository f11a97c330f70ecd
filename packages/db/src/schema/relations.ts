import { relations } from 'drizzle-orm';
import { careRequestEvents, careRequestNotes, careRequests, requestStatuses } from './care-requests.ts';
import { cases, clientPersons, clients, relationshipTypes } from './cases.ts';
import { documents } from './documents.ts';
import { facilityServiceCounties, facilityServices } from './facility-services.ts';
import { identityCredentials, identityLoginFailures, identitySessions, identityUsers } from './identity.ts';
import { contacts, facilities, facilityAssignments, providers, providerUsers } from './providers.ts';
import { counties, regions } from './regions.ts';
import { serviceCategories, serviceTypes } from './service-taxonomy.ts';
import { subscriptions, subscriptionTypes } from './subscriptions.ts';
import { surveyAnswers, surveyDefinitions } from './surveys.ts';
import { userActionTokens, users } from './users.ts';

// Relations for Drizzle's relational query API (`db.query.x.findMany({ with })`); they add no SQL.

export const regionsRelations = relations(regions, ({ many }) => ({ counties: many(counties) }));

export const countiesRelations = relations(counties, ({ one, many }) => ({
  region: one(regions, { fields: [counties.regionCode], references: [regions.code] }),
  facilityServices: many(facilityServiceCounties),
}));

export const usersRelations = relations(users, ({ many }) => ({
  actionTokens: many(userActionTokens),
  providerMemberships: many(providerUsers),
  clients: many(clients),
  subscriptions: many(subscriptions),
}));

export const userActionTokensRelations = relations(userActionTokens, ({ one }) => ({
  user: one(users, { fields: [userActionTokens.userId], references: [users.id] }),
}));

export const identityUsersRelations = relations(identityUsers, ({ one, many }) => ({
  credentials: one(identityCredentials),
  loginFailures: one(identityLoginFailures),
  sessions: many(identitySessions),
}));

export const identityCredentialsRelations = relations(identityCredentials, ({ one }) => ({
  user: one(identityUsers, { fields: [identityCredentials.userId], references: [identityUsers.id] }),
}));

export const identityLoginFailuresRelations = relations(identityLoginFailures, ({ one }) => ({
  user: one(identityUsers, { fields: [identityLoginFailures.userId], references: [identityUsers.id] }),
}));

export const identitySessionsRelations = relations(identitySessions, ({ one }) => ({
  user: one(identityUsers, { fields: [identitySessions.userId], references: [identityUsers.id] }),
}));

export const providersRelations = relations(providers, ({ many }) => ({
  facilities: many(facilities),
  contacts: many(contacts),
  users: many(providerUsers),
  facilityServices: many(facilityServices),
}));

export const facilitiesRelations = relations(facilities, ({ one, many }) => ({
  provider: one(providers, { fields: [facilities.providerId], references: [providers.id] }),
  county: one(counties, { fields: [facilities.countyCode], references: [counties.code] }),
  services: many(facilityServices),
  contacts: many(contacts),
  assignments: many(facilityAssignments),
}));

export const contactsRelations = relations(contacts, ({ one }) => ({
  provider: one(providers, { fields: [contacts.providerId], references: [providers.id] }),
  facility: one(facilities, { fields: [contacts.facilityId], references: [facilities.id] }),
}));

export const providerUsersRelations = relations(providerUsers, ({ one, many }) => ({
  provider: one(providers, { fields: [providerUsers.providerId], references: [providers.id] }),
  user: one(users, { fields: [providerUsers.userId], references: [users.id] }),
  facilityAssignments: many(facilityAssignments),
}));

export const facilityAssignmentsRelations = relations(facilityAssignments, ({ one }) => ({
  facility: one(facilities, { fields: [facilityAssignments.facilityId], references: [facilities.id] }),
  providerUser: one(providerUsers, {
    fields: [facilityAssignments.providerUserId],
    references: [providerUsers.id],
  }),
}));

export const serviceCategoriesRelations = relations(serviceCategories, ({ many }) => ({
  serviceTypes: many(serviceTypes),
}));

export const serviceTypesRelations = relations(serviceTypes, ({ one }) => ({
  category: one(serviceCategories, { fields: [serviceTypes.categoryId], references: [serviceCategories.id] }),
}));

export const facilityServicesRelations = relations(facilityServices, ({ one, many }) => ({
  provider: one(providers, { fields: [facilityServices.providerId], references: [providers.id] }),
  facility: one(facilities, { fields: [facilityServices.facilityId], references: [facilities.id] }),
  serviceType: one(serviceTypes, { fields: [facilityServices.serviceTypeId], references: [serviceTypes.id] }),
  serviceCategory: one(serviceCategories, {
    fields: [facilityServices.serviceCategoryId],
    references: [serviceCategories.id],
  }),
  counties: many(facilityServiceCounties),
  careRequests: many(careRequests),
}));

export const facilityServiceCountiesRelations = relations(facilityServiceCounties, ({ one }) => ({
  county: one(counties, { fields: [facilityServiceCounties.countyCode], references: [counties.code] }),
  facilityService: one(facilityServices, {
    fields: [facilityServiceCounties.facilityServiceId],
    references: [facilityServices.id],
  }),
}));

export const clientsRelations = relations(clients, ({ one, many }) => ({
  owner: one(users, { fields: [clients.ownerUserId], references: [users.id] }),
  relationshipType: one(relationshipTypes, {
    fields: [clients.relationshipTypeId],
    references: [relationshipTypes.id],
  }),
  county: one(counties, { fields: [clients.countyCode], references: [counties.code] }),
  persons: many(clientPersons),
  cases: many(cases),
  careRequests: many(careRequests),
}));

export const clientPersonsRelations = relations(clientPersons, ({ one }) => ({
  client: one(clients, { fields: [clientPersons.clientId], references: [clients.id] }),
}));

export const casesRelations = relations(cases, ({ one, many }) => ({
  owner: one(users, { fields: [cases.ownerUserId], references: [users.id] }),
  client: one(clients, { fields: [cases.clientId], references: [clients.id] }),
  careRequests: many(careRequests),
  surveyAnswers: many(surveyAnswers),
}));

export const careRequestsRelations = relations(careRequests, ({ one, many }) => ({
  case: one(cases, { fields: [careRequests.caseId], references: [cases.id] }),
  client: one(clients, { fields: [careRequests.clientId], references: [clients.id] }),
  facilityService: one(facilityServices, {
    fields: [careRequests.facilityServiceId],
    references: [facilityServices.id],
  }),
  provider: one(providers, { fields: [careRequests.providerId], references: [providers.id] }),
  status: one(requestStatuses, { fields: [careRequests.statusId], references: [requestStatuses.id] }),
  contractor: one(users, { fields: [careRequests.contractorUserId], references: [users.id] }),
  events: many(careRequestEvents),
  notes: many(careRequestNotes),
  documents: many(documents),
  surveyAnswers: many(surveyAnswers),
}));

export const careRequestEventsRelations = relations(careRequestEvents, ({ one }) => ({
  careRequest: one(careRequests, {
    fields: [careRequestEvents.careRequestId],
    references: [careRequests.id],
  }),
  requestStatus: one(requestStatuses, {
    fields: [careRequestEvents.requestStatusId],
    references: [requestStatuses.id],
  }),
  createdBy: one(users, { fields: [careRequestEvents.createdByUserId], references: [users.id] }),
}));

export const careRequestNotesRelations = relations(careRequestNotes, ({ one }) => ({
  careRequest: one(careRequests, { fields: [careRequestNotes.careRequestId], references: [careRequests.id] }),
  author: one(users, { fields: [careRequestNotes.authorUserId], references: [users.id] }),
}));

export const documentsRelations = relations(documents, ({ one }) => ({
  careRequest: one(careRequests, { fields: [documents.careRequestId], references: [careRequests.id] }),
  client: one(clients, { fields: [documents.clientId], references: [clients.id] }),
}));

export const surveyAnswersRelations = relations(surveyAnswers, ({ one }) => ({
  definition: one(surveyDefinitions, {
    fields: [surveyAnswers.surveyDefinitionId],
    references: [surveyDefinitions.id],
  }),
  case: one(cases, { fields: [surveyAnswers.caseId], references: [cases.id] }),
  careRequest: one(careRequests, { fields: [surveyAnswers.careRequestId], references: [careRequests.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
  type: one(subscriptionTypes, {
    fields: [subscriptions.subscriptionTypeId],
    references: [subscriptionTypes.id],
  }),
}));
