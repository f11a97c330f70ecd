import { Button, Group } from '@mantine/core';
import type { ProviderService, ServiceStatus } from '@opora/contracts';
import { IconArchive, IconArrowBackUp, IconEye, IconPlayerPause, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { toastError } from '@/lib/forms/notify.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useChangeServiceStatus } from '../api/provider-services.ts';

type Move = 'activate' | 'deactivate' | 'archive' | 'restore';

/** The button that moves a service from its status to another (decision 0101). */
function moveOf(from: ServiceStatus, to: ServiceStatus): Move {
  if (to === 'active') return 'activate';
  if (to === 'archive') return 'archive';
  return from === 'active' ? 'deactivate' : 'restore';
}

const icons = {
  activate: IconRocket,
  deactivate: IconPlayerPause,
  archive: IconArchive,
  restore: IconArrowBackUp,
} as const;

/**
 * Activate / deactivate / archive / restore (SPEC §4): the moves the service's status allows. Deactivating
 * and archiving ask first (Enter confirms); each says what happened ("Service has been activated").
 * Activation waits until nothing is missing. `manage`: without it only the preview is offered.
 */
export function ServiceLifecycle({
  providerId,
  service,
  manage,
}: {
  providerId: string;
  service: ProviderService;
  manage: boolean;
}) {
  const { t } = useTranslation('provider-services');
  const { t: tf } = useFormTranslation();
  const change = useChangeServiceStatus(providerId, service.id);

  const run = async (to: ServiceStatus) => {
    const move = moveOf(service.status, to);
    if (move === 'deactivate' || move === 'archive') {
      const confirmed = await confirm({
        title: t(`lifecycle.${move}Title`),
        message: t(`lifecycle.${move}Text`),
        confirmLabel: t(`lifecycle.${move}`),
        danger: move === 'archive',
      });
      if (!confirmed) return;
    }
    change.mutate(
      { status: to, revision: service.revision },
      {
        onSuccess: () => {
          const notice = {
            activate: t('lifecycle.activated'),
            deactivate: t('lifecycle.deactivated'),
            archive: t('lifecycle.archived'),
            restore: t('lifecycle.restored'),
          }[move];
          toast.success(notice);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'RecordChangedByAnother') {
            toast.info(t('lifecycle.changed'));
            return;
          }
          toastError(tf, error);
        },
      },
    );
  };

  return (
    <Group gap="sm">
      {manage
        ? service.allowedStatuses.map((to) => {
            const move = moveOf(service.status, to);
            const Icon = icons[move];
            const disabled = to === 'active' && service.missingForActivation.length > 0;
            return (
              <AsyncButton
                key={to}
                variant={move === 'activate' ? 'filled' : 'default'}
                color={move === 'archive' ? 'red' : undefined}
                busy={change.isPending && change.variables?.status === to}
                outcome={change.variables?.status === to ? mutationOutcome(change) : null}
                disabled={disabled || (change.isPending && change.variables?.status !== to)}
                leftSection={<Icon size={20} aria-hidden />}
                onClick={() => void run(to)}
              >
                {t(`lifecycle.${move}`)}
              </AsyncButton>
            );
          })
        : null}
      <Button
        component={Link}
        to={paths.providerServicePreview.getHref({ serviceId: service.id })}
        variant="light"
        leftSection={<IconEye size={20} aria-hidden />}
      >
        {t('detail.preview')}
      </Button>
    </Group>
  );
}
