/**
 * Texts sent to customers (chat templates and quick replies, broadcasts, marketing creatives) may carry
 * §5 placeholders `${name}`. Only the placeholders below can be filled; any other name is refused when
 * the text is saved, so a customer never receives a raw `${…}`.
 */
import { z } from 'zod';
import { isValidTemplate, listTemplatePlaceholders, requiredString } from './validation';

/** name: the customer's full name; page: the business page's name. */
export const CUSTOMER_PLACEHOLDERS = ['name', 'page'] as const;
export type CustomerPlaceholder = (typeof CUSTOMER_PLACEHOLDERS)[number];
export type CustomerTemplateValues = Record<CustomerPlaceholder, string>;

export const CUSTOMER_TEMPLATE_MESSAGES = {
  malformed: 'validation.templatePlaceholder',
  unknown: 'validation.templateUnknownPlaceholder',
} as const;

/** The placeholder names of `text` that cannot be filled. */
export function unknownPlaceholders(text: string): string[] {
  return listTemplatePlaceholders(text).filter((name) => !(CUSTOMER_PLACEHOLDERS as readonly string[]).includes(name));
}

/** A customer text of at most `maxLength` characters, with well-formed and known placeholders only. */
export function customerTemplateText(maxLength: number) {
  return requiredString.check((ctx) => {
    if (ctx.value.length > maxLength) {
      ctx.issues.push({ code: 'custom', message: 'validation.tooLong', input: ctx.value, params: { max: maxLength } });
    } else if (!isValidTemplate(ctx.value)) {
      ctx.issues.push({ code: 'custom', message: CUSTOMER_TEMPLATE_MESSAGES.malformed, input: ctx.value });
    } else if (unknownPlaceholders(ctx.value).length > 0) {
      ctx.issues.push({ code: 'custom', message: CUSTOMER_TEMPLATE_MESSAGES.unknown, input: ctx.value, params: { names: unknownPlaceholders(ctx.value).join(', ') } });
    }
  });
}

/** Fills the known placeholders; a valid text has no others. */
export function fillCustomerTemplate(text: string, values: CustomerTemplateValues): string {
  return text.replace(/\$\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    (CUSTOMER_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as CustomerPlaceholder] : whole,
  );
}

export const customerTemplateSchemaOf = (maxLength: number) => z.strictObject({ text: customerTemplateText(maxLength) });
