import type { Case } from '@opora/contracts';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import {
  paymentStepOf,
  type WizardStep,
  wizardOf,
  wizardPath,
  wizardStepHref,
} from '@/config/wizard-steps.ts';
import { useSessionUser } from '@/lib/session.ts';
import classes from './wizard.module.css';
import { isStepDone, useWizardVariant } from './wizard-case.ts';

type WizardProgressProps = {
  step: WizardStep;
  caseId: string | null;
  /** The case once loaded: which steps are done, and its client for the new-case wizard's links. */
  wizardCase: Case | undefined;
  /** The client of the new-case wizard's first step (`:clientId`). */
  clientId: string | undefined;
  /** The plan of the payment step (`:subscriptionTypeId`), which its link needs. */
  subscriptionTypeId: string | undefined;
};

/**
 * The steps of the wizard, numbered: the current one marked `aria-current="step"`, the done ones and
 * the next one to do are links (a carer may go back and change an answer), later ones plain text.
 * Below: back to the previous step (or where the wizard started), on to the next once this one is done.
 * The last step follows the plan (services, or the assistant contact with an assistant); a paid
 * payment step is passed over by Back and Continue (its page only sends a subscriber on).
 */
export function WizardProgress({
  step,
  caseId,
  wizardCase,
  clientId,
  subscriptionTypeId,
}: WizardProgressProps) {
  const { t } = useTranslation('clients');
  const user = useSessionUser();
  const subscription = user?.subscription ?? null;
  // The anonymous new-client flow's chosen service, in every one of its paths.
  const { serviceId } = useParams();
  const variant = useWizardVariant(step);
  const kind = wizardOf(step);
  const steps = wizardPath(kind, variant);
  const current = steps.indexOf(step);
  const done = steps.map((candidate) =>
    wizardCase ? isStepDone(candidate, wizardCase, subscription) : false,
  );
  const firstOpen = done.includes(false) ? done.indexOf(false) : steps.length - 1;
  const client = wizardCase?.client?.id ?? clientId;
  const payment = steps.indexOf(paymentStepOf(kind));

  const hrefOf = (index: number): string | null => {
    const target = steps[index];
    if (!target || !caseId) return null;
    if (target === 'newCaseWizardExtCaseSurvey' && !client) return null;
    if (index === payment && !subscriptionTypeId) return null;
    return wizardStepHref(target, {
      caseId,
      ...(client ? { clientId: client } : {}),
      ...(subscriptionTypeId ? { subscriptionTypeId } : {}),
      serviceId,
    });
  };
  const reachable = (index: number) =>
    done[index] === true || index <= firstOpen || (index > 0 && done[index - 1] === true);

  // Back and Continue step over a paid payment step.
  const previousIndex = current - 1 === payment && done[payment] ? current - 2 : current - 1;
  const nextIndex = current + 1 === payment && done[payment] ? current + 2 : current + 1;
  const previous = previousIndex >= 0 && reachable(previousIndex) ? hrefOf(previousIndex) : null;
  const start =
    kind === 'newCase' && client
      ? { to: paths.dashboardClient.getHref({ id: client }), label: t('wizard.backToClient') }
      : kind === 'anonNewClient' && serviceId
        ? { to: paths.anonNewClientServiceDetail.getHref({ serviceId }), label: t('wizard.backToService') }
        : !user
          ? { to: paths.home.getHref(), label: t('wizard.backToHome') }
          : { to: paths.dashboard.getHref(), label: t('wizard.backToDashboard') };
  const next = done[current] && nextIndex < steps.length ? hrefOf(nextIndex) : null;

  return (
    <div className={classes.bar}>
      <nav aria-label={t('wizard.label')}>
        <ol className={classes.steps}>
          {steps.map((candidate, index) => {
            const href = index !== current && reachable(index) ? hrefOf(index) : null;
            const label = (
              <>
                <span className={classes.number} aria-hidden>
                  {done[index] ? <IconCheck size={16} stroke={3} /> : index + 1}
                </span>
                <span className={classes.stepText}>
                  <span className="visually-hidden">
                    {t('wizard.stepOf', { step: index + 1, count: steps.length })}:{' '}
                  </span>
                  {t(`wizard.steps.${candidate}`)}
                  {done[index] ? <span className="visually-hidden"> ({t('wizard.done')})</span> : null}
                </span>
              </>
            );
            const stateClass = [
              classes.step,
              done[index] ? classes.stepDone : '',
              index > 0 && done[index - 1] ? classes.stepAfterDone : '',
            ].join(' ');
            return (
              <li key={candidate} className={stateClass}>
                {index === current ? (
                  <span className={classes.stepLabel} aria-current="step">
                    {label}
                  </span>
                ) : href ? (
                  <Link to={href} className={classes.stepLabel}>
                    {label}
                  </Link>
                ) : (
                  <span className={classes.stepLabel}>{label}</span>
                )}
              </li>
            );
          })}
        </ol>
        {/* On phones, where the names beside the numbers are hidden; the list says it to screen readers. */}
        <p className={classes.current} aria-hidden>
          {t('wizard.stepOf', { step: current + 1, count: steps.length })}: {t(`wizard.steps.${step}`)}
        </p>
      </nav>
      <div className={classes.nav}>
        <Link to={previous ?? start.to} className={classes.navLink}>
          <IconArrowLeft size={18} aria-hidden />
          {previous ? t('wizard.back', { step: t(`wizard.steps.${steps[previousIndex]!}`) }) : start.label}
        </Link>
        {wizardCase?.client ? (
          <span className={classes.forClient}>
            {t('wizard.forClient', { name: wizardCase.client.fullName })}
          </span>
        ) : null}
        {next ? (
          <Link to={next} className={classes.navLink}>
            {t('wizard.next', { step: t(`wizard.steps.${steps[nextIndex]!}`) })}
            <IconArrowRight size={18} aria-hidden />
          </Link>
        ) : null}
      </div>
    </div>
  );
}
