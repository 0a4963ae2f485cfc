/**
 * The submit half of a form that calls the API (/auth, the dashboard's profile and password forms):
 * one call at a time, `pending` while it runs, the server's field errors (a 400's `errors`) shown on
 * their fields with focus moved to the first, and `failed` for the toast.
 */
import { type FormEvent, useRef, useState } from "react";
import { focusFirstInvalid, serverFieldErrors } from "./form-validation.ts";

export function useApiForm(submit: (data: Record<string, string>) => Promise<void>, failed: (err: unknown) => void) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setErrors({});
    setPending(true);
    try {
      await submit(data);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) {
        setErrors(fields);
        focusFirstInvalid(formRef.current);
      }
      failed(err);
    } finally {
      setPending(false);
    }
  }

  /** For <Form ref validationErrors onSubmit>. */
  const form = { ref: formRef, validationErrors: errors, onSubmit };
  return { pending, form, clearErrors: () => setErrors({}) };
}
