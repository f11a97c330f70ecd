import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionType } from '@opora/contracts';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { monthlyPrice, planIncludes, planName, vatNote } from './plan-texts.ts';
import classes from './subscriptions.module.css';

/**
 * The plans to choose from, side by side on wide screens: each with its name, what it is for and
 * includes, the monthly price with VAT and how it renews, and the way to its payment step (`hrefOf`).
 */
export function PlanCards({
  types,
  hrefOf,
  headingOrder,
}: {
  types: readonly SubscriptionType[];
  /** The payment step of a plan; null shows the plan without a way on. */
  hrefOf: (type: SubscriptionType) => string | null;
  headingOrder: 3 | 4;
}) {
  return (
    <ul className={classes.plans}>
      {types.map((type) => (
        <li key={type.id}>
          <PlanCard type={type} href={hrefOf(type)} headingOrder={headingOrder} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  type,
  href,
  headingOrder,
}: {
  type: SubscriptionType;
  href: string | null;
  headingOrder: 3 | 4;
}) {
  const { t } = useTranslation('subscriptions');
  const { locale } = useLocale();
  const includesId = useId();
  const name = planName(t, type.code);
  const vat = vatNote(t, type.price, locale);
  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.plan}>
      <Stack gap="sm" className={classes.planBody}>
        <Title order={headingOrder} className={classes.planName}>
          {name}
        </Title>
        <Text>{t(`plans.${type.code}.tagline`)}</Text>
        <div>
          <Text className={classes.price}>{monthlyPrice(t, type.price, locale)}</Text>
          {vat ? <Text size="sm">{vat}</Text> : null}
        </div>
        <Text size="sm" fw={600} id={includesId}>
          {t('includesLabel')}
        </Text>
        <List
          spacing={4}
          aria-labelledby={includesId}
          icon={<IconCheck size={18} aria-hidden className={classes.check} />}
          className={classes.includes}
        >
          {planIncludes(t, type.code).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('price.renewal')}
        </Text>
      </Stack>
      {href ? (
        <Button
          component={Link}
          to={href}
          mt="md"
          fullWidth
          {...wrappingButton}
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t('choose.action', { plan: name })}
        </Button>
      ) : null}
    </Card>
  );
}
