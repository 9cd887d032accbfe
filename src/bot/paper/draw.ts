/**
 * A PaperDocument as a PDF (pdfkit): A4 with 40 pt margins, or an 80 mm
 * receipt roll (226.77 pt wide, one page as long as the text: the printer
 * cuts once). Text is real text in DejaVu Sans (assets/fonts, subset and
 * embedded: Cyrillic renders on any printer and can be selected and
 * searched); the QR code is drawn as vector squares, sharp at any zoom.
 * Black on white only: thermal printers have no grey.
 */
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Block, Field, PaperDocument } from "./document.ts";
import { paperFonts } from "./fonts.ts";

export type PageFormat = "a4" | "80mm";

/** Page widths in points (1 pt = 1/72 in): A4 is 210 mm, the roll 80 mm. */
export const PAGE_WIDTH: Record<PageFormat, number> = { a4: 595.28, "80mm": 226.77 };
const A4_HEIGHT = 841.89;

interface Metrics {
  margin: number;
  /** Body text, small text (the terms), the block titles, the heading, the number. */
  size: { body: number; small: number; title: number; heading: number; number: number };
  /** A field's label column, as a share of the text width. */
  labelShare: number;
  qr: number;
  gap: number;
}

const METRICS: Record<PageFormat, Metrics> = {
  a4: {
    margin: 40,
    size: { body: 10, small: 8, title: 11, heading: 15, number: 26 },
    labelShare: 0.3,
    qr: 92,
    gap: 10,
  },
  "80mm": {
    margin: 10,
    size: { body: 8, small: 6.5, title: 8.5, heading: 10, number: 17 },
    labelShare: 0.38,
    qr: 110,
    gap: 6,
  },
};

const REGULAR = "DejaVu";
const BOLD = "DejaVu-Bold";
/** The roll's page is drawn this tall, then made as long as what was drawn (a second pass). */
const ROLL_DRAFT_HEIGHT = 14_000;

/** The document as a PDF file. */
export async function drawPaper(model: PaperDocument, format: PageFormat): Promise<Buffer> {
  if (format === "a4" && model.copies) return renderCopies(model, model.copies);
  if (format === "a4") return render(model, format, A4_HEIGHT).pdf;
  // The roll is one page as long as its content: measured on a draft, then drawn to fit.
  const draft = render(model, format, ROLL_DRAFT_HEIGHT, { measureOnly: true });
  // A margin under the last line, and as much again where the printer tears the roll.
  return render(model, format, Math.ceil(draft.bottom + 2 * METRICS["80mm"].margin)).pdf;
}

function open(
  model: PaperDocument,
  format: PageFormat,
  height: number,
): { doc: PDFKit.PDFDocument; pdf: Promise<Buffer> } {
  const fonts = paperFonts();
  const m = METRICS[format];
  const doc = new PDFDocument({
    size: [PAGE_WIDTH[format], height],
    margin: m.margin,
    // pdfkit takes a parsed font here too (its types say a name only): no Helvetica is loaded.
    font: fonts.regular as unknown as string,
    info: { Title: model.title, Creator: "repair-crm-bot" },
    autoFirstPage: true,
    // A4 flows onto more pages (a long list of works); the roll's page is sized to fit.
    bufferPages: false,
  });
  // pdfkit's types name file sources only; it takes a parsed fontkit font as well.
  doc.registerFont(REGULAR, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(BOLD, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const pdf = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, pdf };
}

function render(
  model: PaperDocument,
  format: PageFormat,
  height: number,
  options: { measureOnly?: boolean; oneSheet?: boolean } = {},
): { pdf: Promise<Buffer>; bottom: number } {
  const { doc, pdf } = open(model, format, height);
  const page = new Page(doc, METRICS[format], format, options.oneSheet ?? format === "80mm");
  page.header(model);
  for (const block of model.blocks) page.block(block);
  const bottom = page.y;
  // A measuring draft is dropped unfinished: ending it would subset and write the fonts for nothing.
  if (options.measureOnly) return { pdf: Promise.resolve(Buffer.alloc(0)), bottom };
  doc.end();
  return { pdf, bottom };
}

/**
 * Two copies on one A4 page (PAPER_COPIES=2): each in its half, scaled down
 * to fit when it is longer (measured on a draft), a dashed cut line between.
 */
function renderCopies(model: PaperDocument, copies: NonNullable<PaperDocument["copies"]>): Promise<Buffer> {
  const m = METRICS.a4;
  const half = A4_HEIGHT / 2;
  const copyOf = (name: string): PaperDocument => ({
    ...model,
    dated: [model.dated[0], `${model.dated[1]} · ${name}`],
  });
  const draft = render(copyOf(copies.names[0]), "a4", ROLL_DRAFT_HEIGHT, {
    measureOnly: true,
    oneSheet: true,
  });
  const scale = Math.min(1, (half - m.margin / 2) / (draft.bottom + m.margin / 2));
  const { doc, pdf } = open(model, "a4", A4_HEIGHT);
  copies.names.forEach((name, index) => {
    doc.save();
    // Scaled about the page's centre line, so the copy stays centred.
    doc.transform(scale, 0, 0, scale, (PAGE_WIDTH.a4 * (1 - scale)) / 2, index * half);
    const page = new Page(doc, m, "a4", true);
    page.header(copyOf(name));
    for (const block of model.blocks) page.block(block);
    doc.restore();
  });
  doc.save();
  doc
    .moveTo(m.margin / 2, half)
    .lineTo(PAGE_WIDTH.a4 - m.margin / 2, half)
    .dash(4, { space: 3 });
  doc.lineWidth(0.5).strokeColor("black").stroke().undash();
  doc.restore();
  doc.font(REGULAR).fontSize(m.size.small - 1);
  doc.text(`✂ ${copies.cut}`, m.margin, half + 2, { width: PAGE_WIDTH.a4 - 2 * m.margin, align: "center" });
  doc.end();
  return pdf;
}

/** Where the next line goes, and the page breaks of A4. */
class Page {
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
