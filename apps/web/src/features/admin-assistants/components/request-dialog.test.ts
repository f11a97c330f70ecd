import { createErrorDetail } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { refusalOf } from './request-dialog.tsx';

const problem = (status: number, code: string, errors = [] as ApiError['errors']) =>
  new ApiError({ status, code, title: code, errors });

describe('refusalOf', () => {
  it('reads the service’s own questionnaire from the field error beside serviceId', () => {
    const error = problem(400, 'ValidationFailed', [
      createErrorDetail('serviceId', 'assistantServiceHasForms'),
    ]);
    expect(refusalOf(error)).toBe('hasForms');
  });

  it('names the refusals of the review page’s checks', () => {
    expect(refusalOf(problem(409, 'FacilityServiceAlreadyRequested'))).toBe('alreadyRequested');
    expect(refusalOf(problem(409, 'FacilityServiceProviderNotVerified'))).toBe('notVerified');
    expect(refusalOf(problem(402, 'InsufficientSubscription'))).toBe('noPlan');
  });

  it('leaves anything else to the form (a message too long) or the page (the task closed)', () => {
    expect(refusalOf(problem(400, 'ValidationFailed', [createErrorDetail('message', 'maxLength')]))).toBe(
      null,
    );
    expect(refusalOf(problem(409, 'AssistantTaskClosed'))).toBe(null);
    expect(refusalOf(new Error('offline'))).toBe(null);
  });
});
