/**
 * A page of a document being drawn (draw.ts makes the PDF): where the next line
 * goes, A4's page breaks, and how each block looks: the header with its QR code,
 * fields, paragraphs, the table of works and parts with its totals, signatures.
 */
import QRCode from "qrcode";
import type { Block, Field, PaperDocument } from "./document.ts";

export type PageFormat = "a4" | "80mm";

export interface Metrics {
  margin: number;
  /** Body text, small text (the terms), the block titles, the heading, the number. */
  size: { body: number; small: number; title: number; heading: number; number: number };
  /** A field's label column, as a share of the text width. */
  labelShare: number;
  qr: number;
  gap: number;
}

/** The registered names of the two faces (fonts.ts parses them once per process). */
export const REGULAR = "DejaVu";
export const BOLD = "DejaVu-Bold";

/** Where the next line goes, and the page breaks of A4. */
export class Page {
  readonly doc: PDFKit.PDFDocument;
  readonly m: Metrics;
  readonly format: PageFormat;
  readonly left: number;
  readonly width: number;
  /** One sheet whatever the length: no page breaks (the roll, a copy of two on one A4 page). */
  readonly oneSheet: boolean;
  y: number;

  constructor(doc: PDFKit.PDFDocument, m: Metrics, format: PageFormat, oneSheet = format === "80mm") {
    this.doc = doc;
    this.m = m;
    this.format = format;
    this.oneSheet = oneSheet;
    this.left = m.margin;
    this.width = doc.page.width - 2 * m.margin;
    this.y = m.margin;
  }

  /** Room for `height` more points on this page, else a new page (A4; the roll has room by construction). */
  room(height: number): void {
    // The roll is one page sized to its content after a draft: a break there would split it.
    if (this.oneSheet) return;
    if (this.y + height <= this.doc.page.height - this.m.margin) return;
    this.doc.addPage();
    this.y = this.m.margin;
  }

  write(
    text: string,
    options: {
      x?: number;
      width?: number;
      size?: number;
      bold?: boolean;
      align?: "left" | "center" | "right";
    },
  ): number {
    const { doc } = this;
    doc.font(options.bold ? BOLD : REGULAR).fontSize(options.size ?? this.m.size.body);
    const width = options.width ?? this.width;
    const height = doc.heightOfString(text, { width });
    doc.text(text, options.x ?? this.left, this.y, {
      width,
      align: options.align ?? "left",
      lineBreak: true,
    });
    return height;
  }

  header(model: PaperDocument): void {
    const { m } = this;
    const roll = this.format === "80mm";
    const qrRoom = model.qr && !roll ? m.qr + m.gap : 0;
    const textWidth = this.width - qrRoom;
    const top = this.y;
    const align = roll ? "center" : "left";
    model.shop.forEach((line, index) => {
      const first = index === 0;
      this.y += this.write(line, {
        width: textWidth,
        size: first ? m.size.title + 1 : m.size.small + 1,
        bold: first,
        align,
      });
      this.y += 1;
    });
    this.y += m.gap;
    this.y += this.write(model.title, { width: textWidth, size: m.size.heading, bold: true, align });
    this.y += 2;
    this.y += this.write(model.number, { width: textWidth, size: m.size.number, bold: true, align });
    this.y += 2;
    this.y += this.write(`${model.dated[0]}: ${model.dated[1]}`, { width: textWidth, align });
    if (model.qr) {
      if (roll) {
        this.y += m.gap;
        this.qr(model.qr.link, this.left + (this.width - m.qr) / 2, this.y, m.qr);
        this.y += m.qr + 2;
        this.y += this.write(model.qr.hint, { size: m.size.small, align: "center" });
      } else {
        const x = this.left + this.width - m.qr;
        this.qr(model.qr.link, x, top, m.qr);
        this.doc.font(REGULAR).fontSize(m.size.small - 1);
        this.doc.text(model.qr.hint, x - 10, top + m.qr + 2, { width: m.qr + 20, align: "center" });
        this.y = Math.max(this.y, top + m.qr + 14);
      }
    }
    this.y += m.gap;
    this.rule(1);
  }

  /** The QR code as squares, a quiet zone of 2 modules inside `size`. */
  qr(link: string, x: number, y: number, size: number): void {
    const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
    const cell = size / (modules.size + 4);
    const origin = { x: x + 2 * cell, y: y + 2 * cell };
    for (let row = 0; row < modules.size; row++) {
      // Runs of dark modules as one rectangle each: fewer operators, no hairline seams between squares.
      let run = -1;
      for (let col = 0; col <= modules.size; col++) {
        const dark = col < modules.size && modules.get(row, col);
        if (dark && run < 0) run = col;
        if (!dark && run >= 0) {
          this.doc.rect(origin.x + run * cell, origin.y + row * cell, (col - run) * cell, cell);
          run = -1;
        }
      }
    }
    this.doc.fillColor("black").fill();
  }

  rule(weight = 0.5): void {
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(weight)
      .strokeColor("black")
      .stroke();
    this.y += this.m.gap * 0.6;
  }

  title(text: string): void {
    this.room(this.m.size.title * 3);
    this.y += this.write(text, { size: this.m.size.title, bold: true });
    this.y += 3;
  }

  block(block: Block): void {
    switch (block.kind) {
      case "fields":
        if (block.title) this.title(block.title);
        for (const field of block.rows) this.field(field);
        break;
      case "text":
        if (block.title) this.title(block.title);
        this.paragraphs(block.text, block.small ? this.m.size.small : this.m.size.body);
        break;
      case "table":
        this.table(block);
        break;
      case "signatures":
        // The last block: no rule under it.
        this.signatures(block.lines, block.hint);
        return;
    }
    this.y += this.m.gap * 0.4;
    this.rule();
  }

  field([label, value, blank]: Field): void {
    const { doc, m } = this;
    const labelWidth = Math.round(this.width * m.labelShare);
    const valueWidth = this.width - labelWidth - 6;
    if (blank) {
      // Not asked at intake: a line to fill by hand, as on a paper form.
      this.room(m.size.body * 2);
      const y = this.y;
      this.write(label, { width: labelWidth });
      const lineY = y + m.size.body * 1.2;
      doc
        .moveTo(this.left + labelWidth + 6, lineY)
        .lineTo(this.left + this.width, lineY)
        .lineWidth(0.5)
        .strokeColor("black")
        .stroke();
      this.y = lineY + 5;
      return;
    }
    doc.font(REGULAR).fontSize(m.size.body);
    const labelHeight = doc.heightOfString(label, { width: labelWidth });
    doc.font(BOLD);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    this.room(Math.max(labelHeight, valueHeight));
    const y = this.y;
    this.write(label, { width: labelWidth });
    this.y = y;
    this.write(value, { x: this.left + labelWidth + 6, width: valueWidth, bold: true });
    this.y = y + Math.max(labelHeight, valueHeight) + 3;
  }

  /** A text by its paragraphs, each kept whole where it fits on the page. */
  paragraphs(text: string, size: number): void {
    for (const paragraph of text
      .split(/\n+/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      this.doc.font(REGULAR).fontSize(size);
      this.room(this.doc.heightOfString(paragraph, { width: this.width }));
      this.y += this.write(paragraph, { size });
      this.y += 2;
    }
  }

  table(block: Extract<Block, { kind: "table" }>): void {
    const { m } = this;
    this.title(block.title);
    const roll = this.format === "80mm";
    // No., then the name takes what the numbers leave.
    const fixed = roll ? [12, 0, 24, 40, 44] : [24, 0, 44, 72, 80];
    fixed[1] = this.width - fixed.reduce((a, b) => a + b, 0) - 4 * 4;
    const size = roll ? m.size.small : m.size.body;
    const row = (cells: readonly string[], bold: boolean) => {
      this.doc.font(bold ? BOLD : REGULAR).fontSize(size);
      const height = Math.max(
        ...cells.map((cell, i) => this.doc.heightOfString(cell, { width: fixed[i] ?? 0 })),
      );
      this.room(height + 4);
      const y = this.y;
      let x = this.left;
      cells.forEach((cell, i) => {
        this.y = y;
        const width = fixed[i] ?? 0;
        this.write(cell, { x, width, size, bold, align: i === 1 ? "left" : i === 0 ? "left" : "right" });
        x += width + 4;
      });
      this.y = y + height + 3;
    };
    row(block.head, true);
    this.rule();
    if (block.rows.length === 0) {
      this.y += this.write(block.empty, { size });
      this.y += 3;
    }
    for (const cells of block.rows) row(cells, false);
    this.rule();
    const labelWidth = roll ? this.width * 0.5 : this.width * 0.7;
    for (const [label, value] of block.totals) {
      this.room(size * 2);
      const y = this.y;
      // A label may wrap (the roll's "Total (by estimate):"): the row is as tall as its taller side.
      const labelHeight = this.write(`${label}:`, { width: labelWidth, align: "right", size });
      this.y = y;
      const valueHeight = this.write(value, {
        x: this.left + labelWidth,
        width: this.width - labelWidth,
        bold: true,
        align: "right",
        size,
      });
      this.y = y + Math.max(labelHeight, valueHeight) + 2;
    }
  }

  signatures(lines: string[], hint: string): void {
    const { m, doc } = this;
    const roll = this.format === "80mm";
    const columns = roll ? 1 : lines.length;
    const columnWidth = (this.width - (columns - 1) * 24) / columns;
    this.room((roll ? lines.length : 1) * (m.size.body * 5));
    const top = this.y + m.size.body * 2;
    lines.forEach((label, index) => {
      const column = roll ? 0 : index;
      const y = roll ? top + index * m.size.body * 5 : top;
      const x = this.left + column * (columnWidth + 24);
      doc.font(REGULAR).fontSize(m.size.body);
      const labelWidth = doc.widthOfString(`${label}:`) + 6;
      doc.text(`${label}:`, x, y, { width: labelWidth + 2, lineBreak: false });
      const lineY = y + m.size.body + 1;
      doc
        .moveTo(x + labelWidth, lineY)
        .lineTo(x + columnWidth, lineY)
        .lineWidth(0.5)
        .stroke();
      doc.fontSize(m.size.small - 1);
      doc.text(hint, x + labelWidth, lineY + 2, {
        width: columnWidth - labelWidth,
        align: "center",
        lineBreak: false,
      });
      this.y = Math.max(this.y, lineY + m.size.small + 4);
    });
  }
}
