import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a page, framed and named by its heading (a region for screen readers). */
export function Section({
  title,
  headingId,
  headingRef,
  children,
}: {
  title: ReactNode;
  headingId: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
