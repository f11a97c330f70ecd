import classes from './button.module.css';

export type ButtonLook = { variant?: 'filled' | 'outline' | 'subtle'; size?: 'md' | 'lg' };

/** Class names giving a link or a native button the look of Mantine's `Button`. */
export function buttonClasses({ variant = 'filled', size = 'md' }: ButtonLook = {}): string {
  return [classes.root, classes[variant], size === 'lg' ? classes.lg : ''].filter(Boolean).join(' ');
}
