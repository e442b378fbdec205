/** The report-setting form: values → API body, and the form's errors (the API's own rules). */
import { describe, expect, it } from 'vitest';
import { badRecipientLine, toBody, toFormValues, validateSetting } from '@/resources/report-settings/formBody';

const values = {
  id: 7,
  name: 'Thẻ',
  reportType: 'CARD_PAYMENT_REPORT',
  columns: ['status', 'transId', 'amount'],
  storeIds: [3],
  frequency: 'DAILY',
  runTime: '07:00',
  dayOfWeek: 2,
  dayOfMonth: 4,
  recipients: 'a@example.vn\nb@example.vn, c@example.vn',
  format: 'csv',
  isActive: true,
  nextRunAt: '2026-11-23T00:00:00.000Z',
};

describe('report setting form', () => {
  it('sends only the API fields, columns in report order, recipients split, the unused schedule day cleared', () => {
    expect(toBody(values)).toEqual({
      name: 'Thẻ',
      reportType: 'CARD_PAYMENT_REPORT',
      columns: ['transId', 'amount', 'status'],
      storeIds: [3],
      frequency: 'DAILY',
      runTime: '07:00',
      dayOfWeek: null,
      dayOfMonth: null,
      recipients: ['a@example.vn', 'b@example.vn', 'c@example.vn'],
      format: 'csv',
      isActive: true,
    });
    expect(toBody({ ...values, frequency: 'WEEKLY' }).dayOfWeek).toBe(2);
  });

  it('shows the schema’s message keys on the inputs', () => {
    expect(validateSetting(values)).toEqual({});
    // A wrong recipient is named by its line and what was typed there (the API refuses the same body).
    expect(validateSetting({ ...values, recipients: 'a@example.vn\nnot-mail' })).toEqual({
      recipients: { message: 'portal.reportSettings.recipientLine', args: { line: 2, value: 'not-mail' } },
    });
    expect(validateSetting({ ...values, recipients: 'a@example.vn, b@example.vn\n\nc@example.vn; x@y' })).toEqual({
      recipients: { message: 'portal.reportSettings.recipientLine', args: { line: 3, value: 'x@y' } },
    });
    expect(badRecipientLine(['a@example.vn', 'bad'])).toEqual({ line: 2, value: 'bad' });
    expect(badRecipientLine('a@example.vn\n b@example.vn ')).toBeNull();
    expect(validateSetting({ ...values, frequency: 'MONTHLY', dayOfMonth: null })).toMatchObject({ dayOfMonth: { message: 'validation.required' } });
    expect(validateSetting({ ...values, columns: [] })).toMatchObject({ columns: { message: 'validation.required' } });
  });

  it('edits recipients as lines of text', () => {
    expect(toFormValues({ recipients: ['a@example.vn', 'b@example.vn'] }).recipients).toBe('a@example.vn\nb@example.vn');
  });
});
