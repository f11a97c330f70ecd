import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Locale } from '@opora/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { operator } from '@/config/operator.ts';
import { operatorContact } from '@/config/operator-contact.ts';
import { paths } from '@/config/paths.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import classes from './terms-page.module.css';

/** The three legal documents share this page; each route shows its own document (SPEC §2). */
const documents = ['termsAndConditions', 'gdpr', 'cookie'] as const;
type DocumentName = (typeof documents)[number];

/** The version consents given at sign-up refer to (`legalTextsVersion` of the API), and its start. */
export const legalVersion = { version: '2026-11', effectiveFrom: '2026-11-22' } as const;

function isDocumentName(name: string | undefined): name is DocumentName {
  return (documents as readonly (string | undefined)[]).includes(name);
}

/** A section's body: paragraphs, and runs of lines starting with "- " as a bulleted list. */
type Section = { title: string; body: string[] };
type Block = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function toBlocks(body: readonly string[]): Block[] {
  const blocks: Block[] = [];
  for (const line of body) {
    if (line.startsWith('- ')) {
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(line.slice(2));
      else blocks.push({ kind: 'list', items: [line.slice(2)] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

function formatDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T12:00:00`),
  );
}

export function TermsPage() {
  const { t, i18n } = useTranslation('legal');
  const { t: tp } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const handle = useRouteHandle();
  const current: DocumentName = isDocumentName(handle?.name) ? handle.name : 'termsAndConditions';
  const values = {
    name: operator.name,
    companyId: operator.companyId,
    vatId: operator.vatId,
    address: operatorContact.address,
    email: operatorContact.email,
  };
  // The document's sections, in the order the translation file lists them.
  const sections = t(`${current}.sections`, { returnObjects: true, ...values }) as unknown as Record<
    string,
    Section
  >;
  const entries = Object.entries(sections);
  const anchor = (key: string) => `${current}-${key}`;

  return (
    <Container size="md" className={classes.page}>
      <Stack gap="xl">
        <Group component="nav" aria-label={tp('terms.documentsLabel')} gap="xs" className={classes.documents}>
          {documents.map((name) => (
            <NavLink key={name} to={paths[name].getHref()} className={classes.documentLink} end>
              {tc(`routes.${name}.title`)}
            </NavLink>
          ))}
        </Group>
        <article aria-labelledby="terms-title" className={classes.article}>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title id="terms-title" order={1}>
                {tc(`routes.${current}.title`)}
              </Title>
              <Text c="dimmed">
                {tp('terms.version', {
                  version: legalVersion.version,
                  date: formatDate(legalVersion.effectiveFrom, i18n.language as Locale),
                })}
              </Text>
            </Stack>
            <Text size="lg">{t(`${current}.intro`, values)}</Text>
            <nav aria-labelledby="terms-toc-title" className={classes.toc}>
              <Title id="terms-toc-title" order={2} size="h4">
                {tp('terms.contents')}
              </Title>
              <ol className={classes.tocList}>
                {entries.map(([key, section]) => (
                  <li key={key}>
                    <Anchor href={`#${anchor(key)}`}>{section.title}</Anchor>
                  </li>
                ))}
              </ol>
            </nav>
            {entries.map(([key, section], index) => (
              <section
                key={key}
                id={anchor(key)}
                aria-labelledby={`${anchor(key)}-title`}
                className={classes.section}
              >
                <Title id={`${anchor(key)}-title`} order={2} size="h3">
                  {`${index + 1}. ${section.title}`}
                </Title>
                {toBlocks(section.body).map((block, blockIndex) => (
                  <Fragment key={`${key}-${blockIndex}`}>
                    {block.kind === 'paragraph' ? (
                      <Text>{block.text}</Text>
                    ) : (
                      <List spacing="xs" className={classes.list}>
                        {block.items.map((item) => (
                          <List.Item key={item}>{item}</List.Item>
                        ))}
                      </List>
                    )}
                  </Fragment>
                ))}
              </section>
            ))}
            <Text c="dimmed" size="sm">
              {tp('terms.questions')}{' '}
              <Anchor href={`mailto:${operatorContact.email}`} size="sm">
                {operatorContact.email}
              </Anchor>
            </Text>
          </Stack>
        </article>
      </Stack>
    </Container>
  );
}
