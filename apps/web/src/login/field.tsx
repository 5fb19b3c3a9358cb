import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder'> & {
  id: string;
  /** The accessible name, also shown as the placeholder (as the antd form did). */
  label: string;
  error?: string;
  /** Something beside the input inside the same row (the 获取验证码 button, the password eye). */
  addon?: ReactNode;
};

/** One labelled input with its validation message below, announced to screen readers. */
export function Field({ id, label, error, addon, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="l-field">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <div className="l-row">
        <input
          id={id}
          name={id}
          className={error ? 'l-input l-input-error' : 'l-input'}
          placeholder={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <div id={errorId} className="l-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
