import { describe, expect, it } from 'vitest';
import { checkControlRow, ControlRowKeys, duplicateKeyOf, parseControlAmount } from '@/domain/transactionControl';

describe('parseControlAmount', () => {
  it.each([
    ['150000', 150_000],
    ['150.000', 150_000],
    ['150,000 đ', 150_000],
    ['1.250.000', 1_250_000],
    ['1 250 000₫', 1_250_000],
    ['1.250.000,00', 1_250_000],
    ['150000 VND', 150_000],
    [150000, 150_000],
  ])('%s is %d đồng', (text, amount) => {
    expect(parseControlAmount(text)).toEqual({ amount });
  });

  it.each([
    ['150000,5', ControlRowKeys.amountFraction],
    ['150.000,50', ControlRowKeys.amountFraction],
    ['150000.75', ControlRowKeys.amountFraction],
    [1500.5, ControlRowKeys.amountFraction],
    ['', ControlRowKeys.amountMissing],
    ['abc', ControlRowKeys.amountFormat],
    ['15.00.000', ControlRowKeys.amountFormat],
    ['1,250.000', ControlRowKeys.amountFormat],
    ['-5000', ControlRowKeys.amountRange],
    ['0', ControlRowKeys.amountRange],
    ['99999999999999', ControlRowKeys.amountRange],
  ])('%s is refused (%s)', (text, error) => {
    expect(parseControlAmount(text)).toEqual({ error });
  });
});

describe('checkControlRow', () => {
  it('names the row and every problem of it', () => {
    expect(checkControlRow(7, ['', ' ', '150000,5'])).toEqual({
      errors: [
        { rowNo: 7, message: ControlRowKeys.noId },
        { rowNo: 7, message: ControlRowKeys.amountFraction, params: { value: '150000,5' } },
      ],
    });
  });

  it('keeps one id when the other is missing, trimmed', () => {
    expect(checkControlRow(3, [' ', ' DH-1 ', '99.000'])).toEqual({ row: { rowNo: 3, transactionId: null, orderId: 'DH-1', amount: 99_000 } });
  });

  it('two rows are one order when the transaction id (else the order id) repeats', () => {
    const a = { rowNo: 2, transactionId: 'T1', orderId: 'A', amount: 1 };
    expect(duplicateKeyOf(a)).toBe(duplicateKeyOf({ ...a, rowNo: 5, orderId: 'B', amount: 2 }));
    expect(duplicateKeyOf({ rowNo: 2, transactionId: null, orderId: 'A', amount: 1 })).not.toBe(duplicateKeyOf(a));
  });
});
