import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useRouteHandle } from '@/app/route-handle.ts';
import { Container } from '@/components/ui/container.tsx';
import { operator } from '@/config/operator.ts';
import { paths } from '@/config/paths.ts';
import classes from './terms-page.module.css';

/** The three legal documents share this page; each route shows its own document (SPEC §2). */
const documents = ['termsAndConditions', 'gdpr', 'cookie'] as const;
type DocumentName = (typeof documents)[number];

function isDocumentName(name: string | undefined): name is DocumentName {
  return (documents as readonly (string | undefined)[]).includes(name);
}

type Section = { title: string; text: string };

export function TermsPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const handle = useRouteHandle();
  const current: DocumentName = isDocumentName(handle?.name) ? handle.name : 'termsAndConditions';
  // The document's sections, in the order the translation file lists them.
  const sections: Record<string, Section> = t(`terms.${current}.sections`, {
    returnObjects: true,
    name: operator.name,
    companyId: operator.companyId,
    vatId: operator.vatId,
  });

  return (
    <Container size="md" className={classes.page}>
      <Stack gap="xl">
        <Group component="nav" aria-label={t('terms.documentsLabel')} gap="xs" className={classes.documents}>
          {documents.map((name) => (
            <NavLink key={name} to={paths[name].getHref()} className={classes.documentLink} end>
              {tc(`routes.${name}.title`)}
            </NavLink>
          ))}
        </Group>
        <article aria-labelledby="terms-title">
          <Stack gap="lg">
            <Title id="terms-title" order={1}>
              {tc(`routes.${current}.title`)}
            </Title>
            <Alert color="opora" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('terms.draftNotice')}
            </Alert>
            {Object.entries(sections).map(([key, section]) => (
              <section key={key} id={`${current}-${key}`} aria-labelledby={`${current}-${key}-title`}>
                <Title id={`${current}-${key}-title`} order={2} size="h3" mb="xs">
                  {section.title}
                </Title>
                <Text>{section.text}</Text>
              </section>
            ))}
          </Stack>
        </article>
      </Stack>
    </Container>
  );
}
