import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.ts';

let root: string | undefined;

/** A workspace of the files given (path → source) in a temporary folder. */
function workspace(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'opora-boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const src = 'apps/web/src';

describe('checkBoundaries', () => {
  it('accepts a page that imports its own files, a shared feature, generic UI and the contracts', () => {
    const checked = workspace({
      [`${src}/features/clients/client-page.tsx`]: [
        "import { ClientCard } from './components/client-card.tsx';",
        "import { SurveyForm } from '@/shared-features/surveys/survey-form.tsx';",
        "import { Page } from '../../components/layouts/page.tsx';",
        "import type { Client } from '@opora/contracts';",
      ].join('\n'),
      [`${src}/shared-features/surveys/survey-form.tsx`]:
        "import { Button } from '@/components/ui/button.tsx';",
    });
    expect(checkBoundaries(checked)).toEqual([]);
  });

  it('names the file, the line and the reason of each forbidden import, by alias, path or package', () => {
    const checked = workspace({
      [`${src}/features/auth/login-page.tsx`]: [
        "import { useClient } from '@/features/clients/api/get-client.ts';",
        'import {',
        '  type Catalogue,',
        "} from '../catalogue/api.ts';",
        "const lazy = () => import('drizzle-orm/pg-core');",
      ].join('\n'),
      [`${src}/shared-features/wizard/steps.tsx`]:
        "export { ClientPage } from '@/features/clients/client-page.tsx';",
      [`${src}/components/header/header.tsx`]: "import '../../shared-features/surveys/survey-form.tsx';",
      'apps/web/vite.config.ts': "import { buildApp } from '@opora/api';",
    });
    expect(checkBoundaries(checked)).toEqual([
      {
        file: `${src}/components/header/header.tsx`,
        line: 1,
        specifier: '../../shared-features/surveys/survey-form.tsx',
        because: expect.stringMatching(/^components\/ holds generic UI/),
      },
      {
        file: `${src}/features/auth/login-page.tsx`,
        line: 1,
        specifier: '@/features/clients/api/get-client.ts',
        because: expect.stringMatching(/^A feature never imports another feature/),
      },
      {
        file: `${src}/features/auth/login-page.tsx`,
        line: 4,
        specifier: '../catalogue/api.ts',
        because: expect.stringMatching(/^A feature never imports another feature/),
      },
      {
        file: `${src}/features/auth/login-page.tsx`,
        line: 5,
        specifier: 'drizzle-orm/pg-core',
        because: 'The browser bundle must never include the ORM.',
      },
      {
        file: `${src}/shared-features/wizard/steps.tsx`,
        line: 1,
        specifier: '@/features/clients/client-page.tsx',
        because: expect.stringMatching(/^Shared features serve the pages/),
      },
      {
        file: 'apps/web/vite.config.ts',
        line: 1,
        specifier: '@opora/api',
        because: 'apps/web imports only @opora/contracts from the workspace.',
      },
    ]);
  });
});
