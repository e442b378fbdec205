import { useMemo } from 'react';
import { BooleanInput, Form, FormDataConsumer, NumberInput, RadioButtonGroupInput, SaveButton, SelectInput, TextInput, Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { StoreOption } from '@/domain/api';
import { validateWithSchema } from '@/domain/formErrors';
import { AMOUNT_TYPES, PAYMENT_LINK_LIMITS, paymentLinkCreateSchema, type PaymentLinkCreateInput } from '@/domain/paymentLinks';
import { VietnamMinuteInput } from '@/components/VietnamMinuteInput';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { secureLocal, StorageKeys } from '@/storage';

type Values = Record<string, unknown>;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The form's values as the API's body: empty inputs are "not given", the other amount kind is dropped. */
function toBody(values: Values): Values {
  const fixed = values.amountType === 'FIXED';
  const body: Values = { title: values.title ?? '', amountType: values.amountType, singleUse: Boolean(values.singleUse) };
  if (fixed) body.amount = given(values.amount) ? values.amount : undefined;
  else {
    if (given(values.minAmount)) body.minAmount = values.minAmount;
    if (given(values.maxAmount)) body.maxAmount = values.maxAmount;
  }
  for (const key of ['description', 'expiresAt', 'reference', 'storeId'] as const) if (given(values[key])) body[key] = values[key];
  return body;
}

const validate = validateWithSchema<Values>(paymentLinkCreateSchema, { prepare: toBody });

/**
 * New payment link (payment-links/create): title, description, a fixed amount or one the payer enters
 * (with min/max), single-use or reusable, an optional expiry in Vietnam time, optional store (required
 * for a store role: the server says so), merchant reference. Checked by the API's own schema.
 */
export default function PaymentLinkCreate() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const submit = async (values: Values) => {
    try {
      const link = await api.createPaymentLink(toBody(values) as PaymentLinkCreateInput);
      await queryClient.invalidateQueries({ queryKey: ['payment-links'] });
      navigate(pathOf('payment-links', 'show', { id: link.id }));
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    }
  };
  const money = { step: 1_000, min: PAYMENT_LINK_LIMITS.minAmount, max: PAYMENT_LINK_LIMITS.maxAmount };
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={translate('resources.payment-links.create.title')} />
      <CardContent>
        <Form onSubmit={submit} validate={validate} defaultValues={{ amountType: 'FIXED', singleUse: true }} resource="payment-links">
          <Stack spacing={1}>
            <TextInput source="title" fullWidth />
            <TextInput source="description" fullWidth multiline minRows={2} />
            <RadioButtonGroupInput
              source="amountType"
              choices={AMOUNT_TYPES.map((t) => ({ id: t, name: `resources.payment-links.amountTypes.${t}` }))}
            />
            <FormDataConsumer>
              {({ formData }) =>
                formData.amountType === 'OPEN' ? (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <NumberInput source="minAmount" {...money} helperText="resources.payment-links.create.rangeHelp" />
                    <NumberInput source="maxAmount" {...money} helperText={false} />
                  </Stack>
                ) : (
                  <NumberInput source="amount" {...money} helperText={false} />
                )
              }
            </FormDataConsumer>
            <BooleanInput source="singleUse" helperText="resources.payment-links.create.singleUseHelp" />
            <VietnamMinuteInput source="expiresAt" helperText="resources.payment-links.create.expiryHelp" future />
            {stores.length > 0 ? (
              <SelectInput source="storeId" choices={stores.map((s) => ({ id: s.id, name: s.storeName }))} emptyText="resources.payment-links.create.noStore" />
            ) : null}
            <TextInput source="reference" helperText="resources.payment-links.create.referenceHelp" />
            <div>
              <SaveButton label="resources.payment-links.create.submit" />
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
