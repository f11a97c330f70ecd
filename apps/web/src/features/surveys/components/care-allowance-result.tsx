import { Alert, Anchor, Badge, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { CareAllowanceEstimate } from '@opora/contracts';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import classes from '@/shared-features/surveys/survey.module.css';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';
import { type CareCountry, formatCzk, officialLinks, romanDegree } from '../utils/care-allowance-guidance.ts';
import { EditOrContinue } from './survey-states.tsx';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <Anchor href={href} target="_blank" rel="noopener">
      {children}
      <IconExternalLink size={16} aria-hidden style={{ marginLeft: 4, verticalAlign: 'text-top' }} />
      <span className="visually-hidden"> ({t('opensInNewTab')})</span>
    </Anchor>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The degree and amount the answers point to (Czech rules), or why there is probably none. */
function CzechEstimate({ estimate }: { estimate: CareAllowanceEstimate }) {
  const { t } = useTranslation(surveyNamespaces);
  const { locale } = useLocale();
  if (estimate.degree === null || estimate.monthlyAmountCzk === null) {
    return (
      <Stack gap="xs">
        <Text fw={700} size="xl">
          {t('result.noDegree.title')}
        </Text>
        <Text>{t('result.noDegree.text')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {t('result.degree', {
          degree: romanDegree[estimate.degree],
          name: t(`result.degreeName.${estimate.degree}`),
        })}
      </Text>
      <Text className={classes.bigNumber}>{formatCzk(estimate.monthlyAmountCzk, locale)}</Text>
      <Text c="dimmed">{t('result.amountPerMonth')}</Text>
    </Stack>
  );
}

/**
 * What the extended questionnaire's answers point to, marked as an estimate and not a decision: the
 * degree and amount (Czech rules) or that there is probably none, the needs counted, what the
 * assessment involves and where to apply — in Czechia or in Slovakia, by the client's residence.
 */
export function CareAllowanceResult({
  estimate,
  country,
  onContinue,
  onEdit,
}: {
  estimate: CareAllowanceEstimate;
  country: CareCountry;
  onContinue: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation(surveyNamespaces);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const counted = estimate.unmanagedNeeds.length;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Stack gap="sm" align="flex-start">
          <Badge variant="filled" color="yellow.3" autoContrast size="lg">
            {t('result.badge')}
          </Badge>
          <Title order={2} ref={headingRef} tabIndex={-1} className={classes.pageHeading}>
            {t(country === 'SK' ? 'result.titleSk' : 'result.title')}
          </Title>
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} w="100%">
            {t(country === 'SK' ? 'result.notDecisionSk' : 'result.notDecision')}
          </Alert>
        </Stack>

        {country === 'CZ' ? <CzechEstimate estimate={estimate} /> : <Text>{t('result.sk.noAmount')}</Text>}

        <Section title={t('result.needs.title')}>
          {counted > 0 ? (
            <>
              <Text>{t('result.needs.counted', { count: counted })}</Text>
              <List>
                {estimate.unmanagedNeeds.map((need) => (
                  <List.Item key={need}>{t(`needs.${need}`)}</List.Item>
                ))}
              </List>
            </>
          ) : (
            // "All ten managed" holds only once all ten are answered.
            <Text>
              {t(estimate.unansweredNeeds.length > 0 ? 'result.needs.noneYet' : 'result.needs.none')}
            </Text>
          )}
          {estimate.unansweredNeeds.length > 0 ? (
            <Text c="dimmed">{t('result.needs.unanswered', { count: estimate.unansweredNeeds.length })}</Text>
          ) : null}
          {country === 'CZ' ? <Text c="dimmed">{t('result.needs.rule')}</Text> : null}
        </Section>

        {country === 'CZ' ? (
          <>
            <Section title={t('result.cz.processTitle')}>
              <List type="ordered" spacing="xs">
                <List.Item>{t('result.cz.step1')}</List.Item>
                <List.Item>{t('result.cz.step2')}</List.Item>
                <List.Item>{t('result.cz.step3')}</List.Item>
                <List.Item>{t('result.cz.step4')}</List.Item>
              </List>
              <Text>{t('result.cz.notBackdated')}</Text>
            </Section>
            <Section title={t('result.whereTitle')}>
              <Text>{t('result.cz.where')}</Text>
              {/* It speaks of "the amounts shown": there are none without a degree. */}
              {estimate.degree !== null ? <Text c="dimmed">{t('result.cz.children')}</Text> : null}
            </Section>
          </>
        ) : (
          <Section title={t('result.sk.processTitle')}>
            <Text>{t('result.sk.where')}</Text>
            <Text>{t('result.sk.process')}</Text>
            <Text>{t('result.sk.services')}</Text>
            <Text c="dimmed">{t('result.sk.before')}</Text>
          </Section>
        )}

        <Stack gap={6}>
          {officialLinks[country].map((link) => (
            <ExternalLink key={link.key} href={link.href}>
              {t(`result.links.${link.key}`)}
            </ExternalLink>
          ))}
        </Stack>

        <EditOrContinue continueLabel={t('result.continue')} onEdit={onEdit} onContinue={onContinue} />
      </Stack>
    </Paper>
  );
}
