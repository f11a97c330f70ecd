import 'i18next';
import type admin from '../../../../../locales/cs/admin.json';
import type adminAssistants from '../../../../../locales/cs/admin-assistants.json';
import type adminServiceTypes from '../../../../../locales/cs/admin-service-types.json';
import type adminSubscriptions from '../../../../../locales/cs/admin-subscriptions.json';
import type adminSupport from '../../../../../locales/cs/admin-support.json';
import type adminSurveys from '../../../../../locales/cs/admin-surveys.json';
import type auth from '../../../../../locales/cs/auth.json';
import type catalogue from '../../../../../locales/cs/catalogue.json';
import type clients from '../../../../../locales/cs/clients.json';
import type common from '../../../../../locales/cs/common.json';
import type contact from '../../../../../locales/cs/contact.json';
import type enums from '../../../../../locales/cs/enums.json';
import type errors from '../../../../../locales/cs/errors.json';
import type home from '../../../../../locales/cs/home.json';
import type homeSections from '../../../../../locales/cs/home-sections.json';
import type legal from '../../../../../locales/cs/legal.json';
import type pages from '../../../../../locales/cs/pages.json';
import type provider from '../../../../../locales/cs/provider.json';
import type providerCapacity from '../../../../../locales/cs/provider-capacity.json';
import type providerClients from '../../../../../locales/cs/provider-clients.json';
import type providerDashboard from '../../../../../locales/cs/provider-dashboard.json';
import type providerDocuments from '../../../../../locales/cs/provider-documents.json';
import type providerFreshness from '../../../../../locales/cs/provider-freshness.json';
import type providerImages from '../../../../../locales/cs/provider-images.json';
import type providerJoin from '../../../../../locales/cs/provider-join.json';
import type providerPlan from '../../../../../locales/cs/provider-plan.json';
import type providerProfile from '../../../../../locales/cs/provider-profile.json';
import type providerRequest from '../../../../../locales/cs/provider-request.json';
import type providerServices from '../../../../../locales/cs/provider-services.json';
import type providerTeam from '../../../../../locales/cs/provider-team.json';
import type requests from '../../../../../locales/cs/requests.json';
import type subscriptions from '../../../../../locales/cs/subscriptions.json';
import type surveys from '../../../../../locales/cs/surveys.json';
import type validation from '../../../../../locales/cs/validation.json';

// Czech is the reference language: every key used in code must exist there (the locale check in
// `pnpm test` makes sure en and sk have the same keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      'admin-surveys': typeof adminSurveys;
      'admin-service-types': typeof adminServiceTypes;
      'admin-subscriptions': typeof adminSubscriptions;
      'admin-support': typeof adminSupport;
      'admin-assistants': typeof adminAssistants;
      auth: typeof auth;
      catalogue: typeof catalogue;
      clients: typeof clients;
      common: typeof common;
      contact: typeof contact;
      enums: typeof enums;
      errors: typeof errors;
      home: typeof home;
      'home-sections': typeof homeSections;
      legal: typeof legal;
      pages: typeof pages;
      provider: typeof provider;
      'provider-capacity': typeof providerCapacity;
      'provider-clients': typeof providerClients;
      'provider-dashboard': typeof providerDashboard;
      'provider-join': typeof providerJoin;
      'provider-plan': typeof providerPlan;
      'provider-freshness': typeof providerFreshness;
      'provider-images': typeof providerImages;
      'provider-documents': typeof providerDocuments;
      'provider-profile': typeof providerProfile;
      'provider-request': typeof providerRequest;
      'provider-services': typeof providerServices;
      'provider-team': typeof providerTeam;
      requests: typeof requests;
      subscriptions: typeof subscriptions;
      surveys: typeof surveys;
      validation: typeof validation;
    };
  }
}
