/**
 * A PaperDocument as a PDF (pdfkit): A4 with 40 pt margins, or an 80 mm
 * receipt roll (226.77 pt wide, one page as long as the text: the printer
 * cuts once). Text is real text in DejaVu Sans (assets/fonts, subset and
 * embedded: Cyrillic renders on any printer and can be selected and
 * searched); the QR code is drawn as vector squares, sharp at any zoom.
 * Black on white only: thermal printers have no grey. The lines, fields,
 * tables and signatures of a page: page.ts.
 */
import PDFDocument from "pdfkit";
import type { PaperDocument } from "./document.ts";
import { paperFonts } from "./fonts.ts";
import { BOLD, type Metrics, Page, type PageFormat, REGULAR } from "./page.ts";

/** Page widths in points (1 pt = 1/72 in): A4 is 210 mm, the roll 80 mm. */
export const PAGE_WIDTH: Record<PageFormat, number> = { a4: 595.28, "80mm": 226.77 };
const A4_HEIGHT = 841.89;

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
