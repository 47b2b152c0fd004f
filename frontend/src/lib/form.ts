import { useFormik, type FormikConfig, type FormikValues } from 'formik';
import { useState } from 'react';

/**
 * Formik as docs/product.md#validation-rules wants it: validation runs on submit, then re-validates on change.
 */
export function useFormikValidatedOnSubmit<Values extends FormikValues>(config: FormikConfig<Values>) {
  const [validateOnChange, setValidateOnChange] = useState(false);
  const formik = useFormik<Values>({ ...config, validateOnBlur: false, validateOnChange });
  // Adjusting state while rendering (React's pattern for deriving from a previous render).
  if (formik.submitCount > 0 && !validateOnChange) setValidateOnChange(true);
  return formik;
}

type FormikLike = {
  values: FormikValues;
  errors: Record<string, unknown>;
  submitCount: number;
  handleChange: (e: React.ChangeEvent<unknown>) => void;
  handleBlur: (e: React.FocusEvent<unknown>) => void;
};

/** Props for an MUI TextField bound to a Formik field, with the error shown after a submit. */
export function textFieldProps(formik: FormikLike, name: string, helperText?: string) {
  const raw = formik.errors[name];
  const error = formik.submitCount > 0 && typeof raw === 'string' ? raw : undefined;
  const value = formik.values[name] as unknown;
  return {
    id: name,
    name,
    value: value ?? '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(error),
    helperText: error ?? helperText,
  };
}
