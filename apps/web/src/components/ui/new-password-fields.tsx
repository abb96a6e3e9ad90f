import type { ChangeEventHandler } from 'react';
import { REGISTER_HINTS } from '@smm/domain';
import { TextField } from './field';

interface PasswordInput {
  label: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/**
 * A new password and its re-entry, as sign-up, password reset and password change ask for them: both
 * hidden and marked `new-password` (a password manager offers to make one and saves it), the
 * password's rule under the first.
 */
export function NewPasswordFields({ password, again }: { password: PasswordInput; again: PasswordInput }) {
  return (
    <>
      <TextField
        label={password.label}
        name={password.name}
        type="password"
        autoComplete="new-password"
        hint={REGISTER_HINTS.PASSWORD}
        value={password.value}
        onChange={password.onChange}
      />
      <TextField
        label={again.label}
        name={again.name}
        type="password"
        autoComplete="new-password"
        value={again.value}
        onChange={again.onChange}
      />
    </>
  );
}
