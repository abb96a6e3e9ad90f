import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import './ui.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline';
type Size = 'sm' | 'md' | 'lg';

function classes(variant: Variant, size: Size, block: boolean, extra?: string) {
  return ['btn', `btn-${variant}`, `btn-${size}`, block ? 'btn-block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  type,
  ...rest
}: ButtonProps) {
  return <button type={type ?? 'button'} className={classes(variant, size, block, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  ...rest
}: ButtonLinkProps) {
  return <Link className={classes(variant, size, block, className)} {...rest} />;
}
