import type { FormInstance } from 'antd';
import { HttpError } from './http';

/** The field messages of a 400 answer (`result.errors`, keyed by field); null when the error is not a 400. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  return (error.body?.result as { errors?: Record<string, string> } | null | undefined)?.errors ?? {};
}

/** A field's path as antd's form takes it: a name, or the segments of a nested one. */
type FieldPath = string | number | readonly (string | number)[];

/**
 * Shows messages under their fields, found at submit or sent by the server. Each also ends the
 * field's validation still running from the last keystroke (`validating: false`): when that
 * finished after this, it replaced the message with its own empty result.
 */
export function setFieldErrors<V>(
  form: FormInstance<V>,
  errors: readonly { name: FieldPath; errors: string[] }[],
): void {
  form.setFields(errors.map((e) => ({ name: e.name as never, errors: e.errors, validating: false })));
}

/**
 * Puts a 400 answer's field messages on those of `fields` the form shows. Returns whether any
 * landed (the caller then shows the answer's message itself), or null when it was not a 400.
 */
export function showFieldErrors<V>(form: FormInstance<V>, error: unknown, fields: readonly string[]): boolean | null {
  const errors = fieldErrorsOf(error);
  if (errors === null) return null;
  const here = Object.entries(errors).filter(([name]) => fields.includes(name));
  setFieldErrors(
    form,
    here.map(([name, message]) => ({ name, errors: [message] })),
  );
  return here.length > 0;
}
