import { describe, expect, it } from 'vitest';
import { buildHref, isRouteName, paths, routeNames, routePatterns } from './routes.ts';

describe('route names and paths (SPEC §2)', () => {
  it('has one pattern per route name and no duplicate patterns', () => {
    expect(Object.keys(routePatterns).sort()).toEqual([...routeNames].sort());
    const patterns = Object.values(routePatterns);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('keeps the public paths of the specification', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.signIn.getHref()).toBe('/login');
    expect(paths.signUp.getHref()).toBe('/registration');
    expect(paths.signInRestore.getHref()).toBe('/forgot-password');
    expect(paths.signInReset.getHref()).toBe('/reset-password');
    expect(paths.unauthorized.getHref()).toBe('/unauthorized');
    expect(paths.contact.getHref()).toBe('/contact');
    expect(paths.notFound.getHref()).toBe('/404');
    expect(paths.support.getHref()).toBe('/support');
    expect(paths.termsAndConditions.getHref()).toBe('/terms-and-conditions');
    expect(paths.gdpr.getHref()).toBe('/terms-and-conditions/gdpr');
    expect(paths.cookie.getHref()).toBe('/terms-and-conditions/cookies');
    expect(paths.redirectAfterLogin.getHref()).toBe('/redirect-after-login');
    expect(paths.redirectAfterRegistration.getHref()).toBe('/redirect-after-registration');
    expect(paths.dashboard.getHref()).toBe('/dashboard');
    expect(paths.userChangePassword.getHref()).toBe('/user/change-password');
  });

  it('fills parameters and drops absent optional segments', () => {
    const serviceId = '0b6a3c52-1d4e-4f7a-9c2b-5e8d7f6a1b30';
    const caseId = '7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f';
    expect(paths.anonNewClientServicesList.getHref({ regionCode: 'CZ064' })).toBe(
      '/anon-new-client/services/list/CZ064',
    );
    expect(paths.anonNewClientServiceDetail.getHref({ serviceId })).toBe(
      `/anon-new-client/services/${serviceId}`,
    );
    expect(paths.anonNewClientServiceDetail.getHref({ serviceId, regionCode: 'SK010' })).toBe(
      `/anon-new-client/services/${serviceId}/SK010`,
    );
    expect(paths.anonNewCaseExtCaseSurvey.getHref()).toBe('/anon-new-case-wizard/ext-case-survey');
    expect(
      paths.newCaseWizardPayment.getHref({
        caseId,
        subscriptionTypeId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
      }),
    ).toBe(`/new-case-wizard/payment/${caseId}/c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f`);
    expect(paths.dashboardRequestReview.getHref({ caseId, serviceId })).toBe(
      `/dashboard/request-review/${caseId}/${serviceId}`,
    );
  });

  it('adds search parameters such as the tab or where to return after sign-in', () => {
    const clientId = '3c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
    expect(paths.dashboardClient.getHref({ id: clientId }, { tab: 'details' })).toBe(
      `/dashboard/client/${clientId}?tab=details`,
    );
    expect(paths.signIn.getHref({}, { redirectTo: `/dashboard/client/${clientId}` })).toBe(
      `/login?redirectTo=%2Fdashboard%2Fclient%2F${clientId}`,
    );
    expect(paths.contact.getHref({}, { empty: undefined, blank: '' })).toBe('/contact');
  });

  it('encodes parameter values', () => {
    expect(buildHref('/x/:name', { name: 'a/b c' })).toBe('/x/a%2Fb%20c');
  });

  it('fails loudly when a required parameter is missing', () => {
    expect(() => buildHref(routePatterns.dashboardRequest, {})).toThrow(/"id"/);
  });

  it('recognises route names', () => {
    expect(isRouteName('signIn')).toBe(true);
    expect(isRouteName('/login')).toBe(false);
  });
});
