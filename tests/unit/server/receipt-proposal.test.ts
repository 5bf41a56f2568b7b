import { describe, expect, it } from 'vitest';
import { proposeFromReceiptText } from '../../../server/features/reimbursements/receipt-proposal.ts';

const TODAY = '2026-11-27';

describe('proposing an expense from a receipt text', () => {
  it('reads a therapy superbill: the practice, the date of service (not the birth date), the amount paid', () => {
    const text = [
      'SUPERBILL',
      'Practice: Calm Waters Pediatric Therapy, LLC',
      '412 Elm Street, Suite 3, Springfield, IL 62704',
      'Phone (217) 555-0148   NPI 1234567890',
      'Patient: Sam Rivera    DOB: 04/12/2015',
      'Date of Service   CPT    Description                     Fee',
      '11/03/2026        90837  Psychotherapy, 60 min          $175.00',
      '11/10/2026        90837  Psychotherapy, 60 min          $175.00',
      'Total charges: $350.00',
      'Amount paid: $350.00',
      'Balance due: $0.00',
      'Signature of provider: ____________',
    ].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'Calm Waters Pediatric Therapy, LLC',
      serviceDate: '2026-11-03',
      amountCents: 35000,
    });
  });

  it('reads a tutoring invoice: the provider from its first line, the service date over the invoice date, the amount due', () => {
    const text = [
      '',
      'Bright Minds Reading Tutoring',
      'INVOICE #1042',
      'Invoice date: November 20, 2026',
      'Due date: December 20, 2026',
      'Bill to: Alex Rivera',
      'Service date: Nov 3, 2026',
      'Orton-Gillingham tutoring, 4 sessions x 60.00   240.00',
      'Amount due: 1,240.00 USD',
    ].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'Bright Minds Reading Tutoring',
      serviceDate: '2026-11-03',
      amountCents: 124000,
    });
  });

  it('reads an online order receipt: the grand total over the subtotal and tax, the order date', () => {
    const text = [
      'amazon.com',
      'Final Details for Order #113-4827163-9921045',
      'Order Placed: October 14, 2026',
      'Order Total: $47.57',
      'Items Ordered  Price',
      '1 of: Weighted Lap Pad for Kids, 5 lb  $39.99',
      'Item(s) Subtotal: $39.99',
      'Shipping & Handling: $5.99',
      'Total before tax: $45.98',
      'Estimated tax to be collected: $1.59',
      'Grand Total: $47.57',
    ].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'amazon.com',
      serviceDate: '2026-10-14',
      amountCents: 4757,
    });
  });

  it('proposes no amount when the text has none, and no date more than a year after today', () => {
    const text = [
      'Receipt',
      'From: Little Steps Occupational Therapy',
      'Thank you for your visit on 2028-01-05!',
      'See you next time.',
    ].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'Little Steps Occupational Therapy',
      serviceDate: null,
      amountCents: null,
    });
  });

  it('takes a label on one line and its value on the next, as PDF tables extract', () => {
    const text = [
      'Payment Receipt',
      'Provider:',
      'Dr. Maya Chen, PhD',
      'DOS',
      '2026-09-08',
      'Balance paid',
      '$ 1,500',
      'Phone 555-0100',
    ].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'Dr. Maya Chen, PhD',
      serviceDate: '2026-09-08',
      amountCents: 150000,
    });
  });

  it('falls back to the largest amount and the first date when nothing is labelled, and ignores credits', () => {
    const text = ['Sunrise Speech Clinic', 'Visit 9/2/26', 'Evaluation 425.00', 'Parent workshop 75.00', 'Refund -$500.00'].join('\n');
    expect(proposeFromReceiptText(text, TODAY)).toEqual({
      provider: 'Sunrise Speech Clinic',
      serviceDate: '2026-09-02',
      amountCents: 42500,
    });
  });

  it('reads a total that includes tax, and what the family paid over what insurance paid', () => {
    const store = ['Learning Tools Store', 'Date: 10/02/2026', 'Fidget kit 45.00', 'Sales tax 3.60', 'Total (tax included): $48.60'].join(
      '\n',
    );
    expect(proposeFromReceiptText(store, TODAY).amountCents).toBe(4860);
    const therapy = [
      'Provider: Kids Speech Co.',
      'DOS: 09/15/2026',
      'Total charges: $175.00',
      'Insurance paid: $145.00',
      'Copay paid: $30.00',
    ].join('\n');
    expect(proposeFromReceiptText(therapy, TODAY)).toEqual({ provider: 'Kids Speech Co.', serviceDate: '2026-09-15', amountCents: 3000 });
  });

  it('gives nulls for empty text and cuts a long provider name to 160 characters', () => {
    expect(proposeFromReceiptText('   \n\n', TODAY)).toEqual({ provider: null, serviceDate: null, amountCents: null });
    const long = proposeFromReceiptText(`Provider: ${'A'.repeat(200)}`, TODAY).provider;
    expect(long).toBe('A'.repeat(160));
  });
});
