import type { ReactNode } from 'react';
import classes from './container.module.css';

type ContainerProps = {
  /** `md` for reading columns, `sm` for single forms and notices. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  children: ReactNode;
};

/**
 * The page-width wrapper of the shell and the home page. Plain markup rather than Mantine's
 * `Container`: the shell stays small (the home route's initial JavaScript is budgeted, docs/decisions/0083).
 */
export function Container({ size = 'lg', className, children }: ContainerProps) {
  return (
    <div className={[classes.container, classes[size], className].filter(Boolean).join(' ')}>{children}</div>
  );
}
