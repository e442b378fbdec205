import { useMemo } from 'react';
import {
  ArrayInput,
  Form,
  FormDataConsumer,
  NumberInput,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Title,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { campaignCreateSchema, giftsCost, type CampaignCreateInput } from '@/domain/promotions';
import { vietnamToday } from '@/domain/time';
import { validateWithSchema } from '@/domain/formErrors';
import { money } from './CampaignFields';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { DayInput } from '@/components/DayInput';

type Values = Record<string, unknown>;
type Gift = Record<string, unknown>;

/** Empty inputs are "not given"; numbers stay numbers (whole đồng), never reformatted. */
function toBody(values: Values): Values {
  const gifts = Array.isArray(values.gifts) ? (values.gifts as Gift[]) : [];
  const body: Values = {
    name: values.name ?? '',
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    budget: values.budget ?? undefined,
    gifts: gifts.map((g) => {
      const gift: Gift = { name: g?.name ?? '', discountAmount: g?.discountAmount ?? undefined, quantity: g?.quantity ?? undefined };
      if (g?.minOrderAmount !== null && g?.minOrderAmount !== undefined && g?.minOrderAmount !== '') gift.minOrderAmount = g.minOrderAmount;
      return gift;
    }),
  };
  if (values.description) body.description = values.description;
  return body;
}

/** The shared schema's errors shaped like the form (gifts.0.discountAmount → gifts[0].discountAmount). */
const validate = validateWithSchema<Values>(campaignCreateSchema, { prepare: toBody });

/** What the gifts could cost at most, beside the budget: the rule the server applies, shown as you type. */
function CostHint({ values }: { values: Values }) {
  const translate = useTranslate();
  const gifts = (Array.isArray(values.gifts) ? values.gifts : []) as Gift[];
  const valid = gifts.filter((g) => Number.isInteger(g?.discountAmount) && Number.isInteger(g?.quantity));
  const cost = giftsCost(valid as Array<{ discountAmount: number; quantity: number }>);
  return <Typography color="text.secondary">{translate('resources.promotions.create.costHint', { cost: money(cost) })}</Typography>;
}

/**
 * New campaign (my-campaigns/create): dates, budget and gifts checked by the same schema as the API.
 * One idempotency key per form: a double submit or a retry never commits the budget twice.
 */
export default function CampaignCreate() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const today = vietnamToday(new Date());
  const submit = async (formValues: Values) => {
    try {
      const campaign = await api.createCampaign(toBody(formValues) as CampaignCreateInput, idempotencyKey);
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      navigate(pathOf('promotions', 'show', { id: campaign.id }));
    } catch {
      // The httpClient has shown the server's message; the form keeps what was typed.
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 880 }}>
      <Title title={translate('resources.promotions.create.title')} />
      <CardContent>
        <Form
          onSubmit={submit}
          validate={validate}
          defaultValues={{ startDate: today, endDate: today, gifts: [{}] }}
          resource="promotions"
        >
          <Stack spacing={1}>
            <TextInput source="name" fullWidth />
            <TextInput source="description" fullWidth multiline minRows={2} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DayInput source="startDate" />
              <DayInput source="endDate" />
            </Stack>
            <NumberInput source="budget" step={100_000} min={0} helperText="resources.promotions.create.budgetHelp" />
            <FormDataConsumer>{({ formData }) => <CostHint values={formData as Values} />}</FormDataConsumer>
            <ArrayInput source="gifts" label="resources.promotions.fields.gifts">
              <SimpleFormIterator inline disableReordering>
                <TextInput source="name" label="resources.promotions.gifts.fields.name" helperText={false} />
                <NumberInput source="discountAmount" label="resources.promotions.gifts.fields.discountAmount" step={1_000} min={0} helperText={false} />
                <NumberInput source="minOrderAmount" label="resources.promotions.gifts.fields.minOrderAmount" step={1_000} min={0} helperText={false} />
                <NumberInput source="quantity" label="resources.promotions.gifts.fields.quantity" step={1} min={1} helperText={false} />
              </SimpleFormIterator>
            </ArrayInput>
            <div>
              <SaveButton label="resources.promotions.create.submit" />
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
