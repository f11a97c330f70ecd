import type { SurveyDefinitionSummary } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { newestPublished, nextVersion, suggestedCode } from './codes.ts';

const definition = (
  code: string,
  version: number,
  overrides: Partial<SurveyDefinitionSummary> = {},
): SurveyDefinitionSummary => ({
  id: `00000000-0000-4000-8000-${String(version).padStart(12, '0')}`,
  type: 'case',
  version,
  code,
  status: 'published',
  providerId: null,
  definition: { title: { cs: 'x', en: 'x', sk: 'x' }, pages: [] },
  answersCount: 0,
  publishedAt: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

describe('codes and versions of new questionnaires', () => {
  const definitions = [
    definition('case-v1', 1),
    definition('case-v2', 2, { status: 'draft' }),
    definition('form-x', 7, { providerId: '00000000-0000-4000-8000-0000000000aa' }),
  ];

  it('numbers a new version after the newest of the platform’s of the type, providers’ forms apart', () => {
    expect(nextVersion(definitions, 'case')).toBe(3);
    expect(nextVersion(definitions, 'service')).toBe(1);
  });

  it('suggests the shipped codes’ pattern, with a suffix when it is taken', () => {
    expect(suggestedCode(definitions, 'case', 3)).toBe('case-v3');
    expect(suggestedCode(definitions, 'case', 2)).toBe('case-v2-2');
  });

  it('copies from the newest published version only', () => {
    expect(newestPublished(definitions, 'case')?.code).toBe('case-v1');
    expect(newestPublished(definitions, 'extended-case')).toBeUndefined();
  });
});
