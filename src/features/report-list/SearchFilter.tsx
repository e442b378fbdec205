import { useState } from 'react';
import TextField from '@mui/material/TextField';

/** A search box: the text shows as typed, the list asks the server once the user pauses (debounced by the list). */
export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  digitsOnly = false,
  error,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  placeholder?: string;
  maxLength: number;
  digitsOnly?: boolean;
  error?: string;
}) {
  const [text, setText] = useState(value);
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength, ...(digitsOnly ? { inputMode: 'numeric' } : {}) } }}
      onChange={(e) => {
        const next = digitsOnly ? e.target.value.replace(/\D/g, '') : e.target.value;
        setText(next);
        onChange(next);
      }}
      sx={{ minWidth: 240 }}
    />
  );
}
