import PDFDocument from 'pdfkit';
import { planById } from '@leadcapture/contracts/billing';
import type { InvoiceRow } from './provider.ts';

/**
 * The local provider's invoice as a PDF (pdfkit): seller and customer, dates, the lines, totals
 * and status, with a PAID stamp once paid. Uncompressed: an invoice is a page of text, and its
 * content stays readable to tests and archive tools.
 */

export const PRODUCT_NAME = 'LeadCapture';

export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

const formatDate = (d: Date | null) =>
  d
    ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d)
    : '-';

const STATUS_LABEL: Record<InvoiceRow['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

export function renderInvoicePdf(invoice: InvoiceRow, seller: { supportEmail: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Invoice ${invoice.number}`, Author: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const left = 50;
  const right = 545;

  doc.font('Helvetica-Bold').fontSize(20).text(PRODUCT_NAME, left, 50);
  doc.fontSize(16).text('Invoice', left, 50, { width: right - left, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Number: ${invoice.number}`, 350, 80, { width: right - 350, align: 'right' });
  doc.text(`Issued: ${formatDate(invoice.issuedAt)}`, { width: right - 350, align: 'right' });
  doc.text(`Due: ${formatDate(invoice.dueAt)}`, { width: right - 350, align: 'right' });
  if (invoice.periodStart && invoice.periodEnd) {
    doc.text(`Period: ${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)}`, {
      width: right - 350,
      align: 'right',
    });
  }
  doc.text(`Status: ${STATUS_LABEL[invoice.status]}`, { width: right - 350, align: 'right' });

  doc.font('Helvetica-Bold').text('From', left, 80);
  doc.font('Helvetica').text(PRODUCT_NAME).text(seller.supportEmail);

  const customer = invoice.customer;
  doc.font('Helvetica-Bold').text('Bill to', left, 150);
  doc.font('Helvetica');
  if (customer) {
    const place = [customer.postal_code, customer.city].filter(Boolean).join(' ');
    const lines = [
      customer.name,
      customer.email,
      customer.address_line1,
      customer.address_line2,
      place,
      customer.state,
      customer.country,
      customer.vat_id ? `VAT: ${customer.vat_id}` : '',
    ];
    for (const line of lines.filter(Boolean)) doc.text(line);
  } else {
    doc.text('No billing details on file');
  }

  // The lines table.
  let y = 280;
  doc.font('Helvetica-Bold');
  doc.text('Description', left, y, { width: 300 });
  doc.text('Qty', 360, y, { width: 40, align: 'right' });
  doc.text('Unit price', 400, y, { width: 70, align: 'right' });
  doc.text('Amount', 470, y, { width: right - 470, align: 'right' });
  y += 16;
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 8;
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: 300 });
    doc.text(line.description, left, y, { width: 300 });
    doc.text(String(line.quantity), 360, y, { width: 40, align: 'right' });
    doc.text(money(line.unit_amount), 400, y, { width: 70, align: 'right' });
    doc.text(money(line.amount), 470, y, { width: right - 470, align: 'right' });
    y += Math.max(height, 12) + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const total = (label: string, amount: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 330, y, { width: 140, align: 'right' });
    doc.text(money(amount), 470, y, { width: right - 470, align: 'right' });
    y += 16;
  };
  total('Subtotal', invoice.subtotal);
  total('Tax', invoice.tax);
  total('Total', invoice.total, true);
  total('Amount paid', invoice.amountPaid);
  total('Amount due', invoice.amountDue, true);

  if (invoice.status === 'paid') {
    doc
      .save()
      .rotate(-15, { origin: [150, y + 40] })
      .font('Helvetica-Bold')
      .fontSize(36)
      .fillColor('#15803d')
      .text('PAID', 90, y + 20)
      .restore();
    doc.fillColor('black').fontSize(10);
  }

  const plan = invoice.planId ? `${planById(invoice.planId).name} plan. ` : '';
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`${plan}Questions about this invoice: ${seller.supportEmail}`, left, 760, { width: right - left });
  doc.end();
  return done;
}
