import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import {
  changedMerchantFields,
  FIELD_MAX_LENGTH,
  merchantEditSchema,
  registerMerchantSchema,
  REGISTRABLE_TYPES,
  reviewFieldsOf,
  SELLING_CHANNELS,
  type MerchantField,
  type MerchantEditInput,
  type RegisterMerchantInput,
} from '@/domain/merchantInfo';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import { usePortalApi } from '@/dataProvider/usePortalApi';

export type FieldValues = Record<keyof MerchantEditInput | 'type', string>;

const TEXT_FIELDS = ['name', 'brandName', 'taxCode', 'businessAddress', 'representativeName', 'contactPhone', 'contactEmail', 'website'] as const;

export const emptyValues = (): FieldValues => ({
  type: 'SME',
  name: '',
  brandName: '',
  companyTypeCode: '',
  industryCode: '',
  taxCode: '',
  businessAddress: '',
  representativeName: '',
  contactPhone: '',
  contactEmail: '',
  website: '',
  sellingChannel: 'OFFLINE',
});

interface Props {
  mode: 'edit' | 'register';
  initial: FieldValues;
  onSubmit: (values: MerchantEditInput | RegisterMerchantInput) => Promise<void>;
  onCancel: () => void;
  /** Server field errors (HttpError data.errors), shown under their fields. */
  serverErrors?: Record<string, string>;
}

/**
 * The merchant fields (edit and registration), validated with the API's own zod schema; categories come
 * from GET /categories. Saving asks the §8 confirmation first.
 */
export function MerchantFieldsForm({ mode, initial, onSubmit, onCancel, serverErrors = {} }: Props) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [values, setValues] = useState<FieldValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const industries = useQuery({ queryKey: ['merchant-info', 'categories', 'INDUSTRY'], queryFn: () => api.getMerchantCategories('INDUSTRY'), staleTime: 3_600_000 });
  const companyTypes = useQuery({ queryKey: ['merchant-info', 'categories', 'COMPANY_TYPE'], queryFn: () => api.getMerchantCategories('COMPANY_TYPE'), staleTime: 3_600_000 });

  const label = (field: string) => t(`resources.merchant-info.fields.${field}`);
  const set = (field: keyof FieldValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const body = () => {
    const { type, ...fields } = values;
    return mode === 'register' ? { type, ...fields } : fields;
  };
  const validate = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaErrors(mode === 'register' ? registerMerchantSchema : merchantEditSchema, body());
    if (Object.keys(found).length) {
      setErrors(translateErrors(found, t));
      return;
    }
    setConfirming(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      await onSubmit(body() as MerchantEditInput);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  /** The edit confirmation says, in itself, which changes send the merchant back to KYB review. */
  const kybNotice = () => {
    const changed = changedMerchantFields(initial, values);
    const review = reviewFieldsOf(changed);
    const names = (fields: MerchantField[]) => fields.map(label).join(', ');
    if (review.length) return t('resources.merchant-info.edit.confirmReview', { fields: names(review) });
    if (changed.length) return t('resources.merchant-info.edit.confirmContactOnly', { fields: names(changed) });
    return t('resources.merchant-info.edit.confirmNoChange');
  };
  const errorOf = (field: string) => errors[field] || serverErrors[field] || '';
  const maxLength = (field: string) => (FIELD_MAX_LENGTH as Record<string, number>)[field];

  return (
    <Box component="form" noValidate onSubmit={validate} aria-label={t(`resources.merchant-info.${mode}.title`)}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 4 }}>
        {mode === 'register' && (
          <TextField select required id="mi-type" label={label('type')} value={values.type} onChange={set('type')} error={!!errorOf('type')} helperText={errorOf('type')}>
            {REGISTRABLE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`portal.merchant.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`mi-${field}`}
            label={label(field)}
            required={field !== 'website'}
            value={values[field]}
            onChange={set(field)}
            error={!!errorOf(field)}
            helperText={errorOf(field) || (field === 'taxCode' ? t('resources.merchant-info.hints.taxCode') : field === 'website' ? t('resources.merchant-info.hints.website') : '')}
            slotProps={{ htmlInput: { maxLength: maxLength(field) } }}
          />
        ))}
        <TextField select required id="mi-companyTypeCode" label={label('companyTypeCode')} value={values.companyTypeCode} onChange={set('companyTypeCode')} error={!!errorOf('companyTypeCode')} helperText={errorOf('companyTypeCode')}>
          {(companyTypes.data ?? []).map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select required id="mi-industryCode" label={label('industryCode')} value={values.industryCode} onChange={set('industryCode')} error={!!errorOf('industryCode')} helperText={errorOf('industryCode')}>
          {(industries.data ?? []).map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.mcc ? t('resources.merchant-info.industryWithMcc', { name: c.name, mcc: c.mcc }) : c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select required id="mi-sellingChannel" label={label('sellingChannel')} value={values.sellingChannel} onChange={set('sellingChannel')} error={!!errorOf('sellingChannel')} helperText={errorOf('sellingChannel')}>
          {SELLING_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`resources.merchant-info.sellingChannels.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 3, mt: 5, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('resources.merchant-info.actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t(`resources.merchant-info.${mode}.submit`)}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        loading={busy}
        content={
          mode === 'edit' ? (
            <>
              <Box component="span" sx={{ display: 'block', mb: 2, fontWeight: 500 }} data-testid="kyb-review-notice">
                {confirming && kybNotice()}
              </Box>
              {t(ConfirmMessageKeys.updateAccount)}
            </>
          ) : (
            t('resources.merchant-info.register.confirm')
          )
        }
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
