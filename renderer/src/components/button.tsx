import type { ButtonHTMLAttributes } from 'preact';

/**
 * A `type="button"` button in the window's style (never a form's submit): `small` for the rows'
 * and lists' buttons, `class` for any further look (`button-primary`, `item-end`…).
 */
export function Button({
  small = false,
  class: extra,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'class' | 'ref'> & {
  small?: boolean;
  class?: string;
}) {
  const classes = ['button', small ? 'button-small' : '', extra ?? ''].filter(Boolean).join(' ');
  return <button {...props} type="button" class={classes} />;
}
