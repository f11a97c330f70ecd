import type { ReactNode } from 'react';
import classes from './assistants.module.css';

/** Read-only details as a description list that fits its box (see `.facts`). */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <div className={classes.factsBox}>
      <dl className={classes.facts}>{children}</dl>
    </div>
  );
}

/** One name and its value in `Facts`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
