import type { ReactNode } from 'react';
import classes from './field-list.module.css';

/** Read-only data as a description list: names beside their values from tablets up, above them on phones. */
export function FieldList({ children }: { children: ReactNode }) {
  return <dl className={classes.list}>{children}</dl>;
}

/** One name and its value in a `FieldList`. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
