import { Skeleton, Stack } from '@mantine/core';

/** Placeholders of the tabs' height while the profile loads, so nothing jumps when it arrives. */
export function TabsSkeleton() {
  return (
    <Stack gap="md">
      <Skeleton height={44} width="60%" />
      <Skeleton height={56} />
      <Skeleton height={56} />
      <Skeleton height={240} />
    </Stack>
  );
}
