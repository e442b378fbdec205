import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS as pickerEn, viVN as pickerVi } from '@mui/x-date-pickers/locales';
import { enGB, vi } from 'date-fns/locale';
import { getLanguage } from '@/i18n';

/** §9: dates read and are typed DD/MM/YYYY whatever the browser's locale. */
export const DAY_FORMAT = 'dd/MM/yyyy';

const PICKER_TEXT = {
  vi: pickerVi.components.MuiLocalizationProvider.defaultProps.localeText,
  en: pickerEn.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * The date pickers' adapter (date-fns) and words in the portal's language. Imported only by the screens
 * that have a date field, so the pickers load with them and never with the login page.
 */
export function DatePickerProvider({ children }: { children: ReactNode }) {
  const lng = getLanguage();
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={lng === 'en' ? enGB : vi} localeText={PICKER_TEXT[lng]}>
      {children}
    </LocalizationProvider>
  );
}
