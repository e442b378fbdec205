import { useRef, type ReactElement } from 'react';
import { SimpleForm, useSaveContext, type SimpleFormProps } from 'react-admin';
import { ReportSettingInputs } from './ReportSettingInputs';
import { validateSetting } from './formBody';

/**
 * The report-setting form of create and edit. A double click on "Lưu" saves once: the second submit
 * arrives before react-admin has re-rendered the button as disabled, so a ref holds it off.
 */
export function SettingForm({ defaultValues, toolbar }: { defaultValues?: SimpleFormProps['defaultValues']; toolbar?: ReactElement }) {
  const { save } = useSaveContext();
  const saving = useRef(false);
  const submitOnce = async (values: Record<string, unknown>) => {
    if (saving.current || !save) return;
    saving.current = true;
    try {
      return await save(values);
    } finally {
      saving.current = false;
    }
  };
  return (
    <SimpleForm
      defaultValues={defaultValues}
      validate={validateSetting}
      onSubmit={submitOnce}
      toolbar={toolbar}
      mode="onBlur"
      reValidateMode="onChange"
    >
      <ReportSettingInputs />
    </SimpleForm>
  );
}
