import { useId, type ComponentProps, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type InputProps = ComponentProps<typeof OutlinedInput>;

export interface FormTextFieldProps
  extends Pick<
    InputProps,
    'value' | 'onChange' | 'onBlur' | 'type' | 'autoComplete' | 'autoFocus' | 'endAdornment' | 'readOnly' | 'name'
  > {
  id?: string;
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  inputProps?: InputProps['inputProps'];
}

/**
 * An outlined text field with label and helper text, wired for accessibility (label `for`, helper text
 * as the input's description, aria-invalid). MUI's TextField does the same but also bundles its
 * `select` mode (Select, Menu, Popover, Modal), which the login page has no use for and cannot afford.
 */
export function FormTextField({ id, label, error, helperText, required, inputProps, ...input }: FormTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl fullWidth error={error} required={required} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        {...input}
        inputProps={{
          ...inputProps,
          'aria-describedby': helperText ? helperId : undefined,
          'aria-invalid': error || undefined,
        }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
