import { SelectField } from '@/components/ui/field';
import { useRegisterWhere } from '@/lib/content-api';

/**
 * Sign-up route dropdown: a blank first option, then the server's list (docs/product.md#login-and-sign-up).
 */
export function RegisterWhereSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const registerWhere = useRegisterWhere();
  return (
    <SelectField
      label="가입경로"
      name="registerWhere"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">선택해주세요</option>
      {(registerWhere.data ?? []).map((option) => (
        <option key={option.id} value={option.text}>
          {option.text}
        </option>
      ))}
    </SelectField>
  );
}
