import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { getLanguage, isLanguage, setLanguage, SUPPORTED_LANGUAGES } from '@/i18n';

/**
 * vi / en switch (spec §4): stores the choice and reloads the page (setLanguage), so server messages,
 * sidebar names and cached labels all come back in the new language. Two languages fit in a segmented
 * control: both are visible and one press switches, with no popup to open (and no menu code to load on
 * the login page).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      aria-label={t('portal.language.label')}
      onChange={(_event, value: unknown) => {
        if (isLanguage(value) && value !== current) setLanguage(value);
      }}
      sx={{ '& .MuiToggleButton-root': { px: 2, py: 1, fontWeight: 600, lineHeight: 1.2 } }}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <ToggleButton key={lng} value={lng} lang={lng} aria-label={t(`portal.language.${lng}`)} title={t(`portal.language.${lng}`)}>
          {t(`portal.language.short.${lng}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
