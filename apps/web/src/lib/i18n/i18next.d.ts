import 'i18next';
import type auth from '../../../../../locales/cs/auth.json';
import type common from '../../../../../locales/cs/common.json';
import type errors from '../../../../../locales/cs/errors.json';
import type home from '../../../../../locales/cs/home.json';
import type homeSections from '../../../../../locales/cs/home-sections.json';
import type pages from '../../../../../locales/cs/pages.json';
import type validation from '../../../../../locales/cs/validation.json';

// Czech is the reference language: every key used in code must exist there (the locale check in
// `pnpm test` makes sure en and sk have the same keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      common: typeof common;
      errors: typeof errors;
      home: typeof home;
      'home-sections': typeof homeSections;
      pages: typeof pages;
      validation: typeof validation;
    };
  }
}
