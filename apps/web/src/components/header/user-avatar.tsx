import { Avatar, type AvatarProps } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import classes from './header.module.css';

type UserAvatarProps = Omit<AvatarProps, 'src' | 'children'> & {
  firstName: string;
  lastName: string;
  /** A profile picture, when the account has one. */
  imageUrl?: string | null;
};

/** "Jana Nováková" → "JN"; one name gives one letter; none gives nothing. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/**
 * SPEC §2: the user's picture, else their initials, else a generic person icon. Decorative: the name is
 * beside it. The initials are drawn by CSS (`data-initials`), not as text: inside a button named
 * "User menu: Jana Nováková" a visible "JN" would be text the name does not contain (WCAG 2.5.3).
 */
export function UserAvatar({ firstName, lastName, imageUrl, ...props }: UserAvatarProps) {
  const initials = initialsOf(firstName, lastName);
  return (
    <Avatar src={imageUrl ?? null} alt="" color="opora" variant="filled" radius="xl" aria-hidden {...props}>
      {initials === '' ? (
        <IconUser size="60%" aria-hidden />
      ) : (
        <span className={classes.initials} data-initials={initials} />
      )}
    </Avatar>
  );
}
