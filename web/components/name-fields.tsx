/**
 * 'First name' and 'Last name' side by side (one column at 375 px): the register form on /auth and the
 * dashboard's profile form. Validated with the API's own rules (core/api/auth.ts).
 */
import { UpdateProfileRequestSchema } from "../../core/api/auth.ts";
import { fieldValidator } from "../lib/form-validation.ts";
import { TextField } from "../ui/text-field.tsx";

const { firstName, lastName } = UpdateProfileRequestSchema.shape;
const validateFirst = fieldValidator(firstName);
const validateLast = fieldValidator(lastName);

export function NameFields({ defaults, isReadOnly }: { defaults?: { firstName: string; lastName: string }; isReadOnly: boolean }) {
  return (
    <div className="form-row">
      <TextField
        name="firstName"
        label="First name"
        autoComplete="given-name"
        defaultValue={defaults?.firstName}
        isReadOnly={isReadOnly}
        validate={validateFirst}
      />
      <TextField
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        defaultValue={defaults?.lastName}
        isReadOnly={isReadOnly}
        validate={validateLast}
      />
    </div>
  );
}
