import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = {
  title: ReactNode;
  intro?: ReactNode;
  /** Wider for the sign-up form's side-by-side names. */
  width?: number;
  children: ReactNode;
};

/** The card every identity page sits in: heading, a line of help, then the form. */
export function AuthCard({ title, intro, width = 480, children }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} maw={width} w="100%" mx="auto">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} fz={{ base: '1.75rem', sm: '2rem' }}>
            {title}
          </Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
