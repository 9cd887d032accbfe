/**
 * Reading a PDF back as a reader would: its text (unpdf, Mozilla's pdf.js),
 * its pages' sizes, and the QR code on its first page (rendered by poppler's
 * pdftoppm, decoded by jsQR as a phone camera would).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import jsQRModule from "jsqr";
import { extractText, getDocumentProxy } from "unpdf";

// jsqr is CommonJS with a default export: under Node's ESM loader it may arrive wrapped.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode =
  (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** The text of every page, joined; whitespace runs folded to one space (lines wrap where the page says). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** [width, height] of each page in points. */
export async function pdfPageSizes(pdf: Uint8Array): Promise<[number, number][]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const sizes: [number, number][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (await doc.getPage(n)).view;
    sizes.push([Math.round((x1 - x0) * 100) / 100, Math.round((y1 - y0) * 100) / 100]);
  }
  return sizes;
}

/** The first page as a PNG (pdftoppm at `dpi`). */
function firstPagePng(pdf: Uint8Array, dpi = 150): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "paper-"));
  try {
    writeFileSync(join(dir, "doc.pdf"), pdf);
    execFileSync(
      "pdftoppm",
      ["-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", "doc.pdf", "page"],
      {
        cwd: dir,
      },
    );
    return readFileSync(join(dir, "page.png"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code on the first page, or undefined when none reads. */
export async function pdfQr(pdf: Uint8Array): Promise<string | undefined> {
  const image = await loadImage(firstPagePng(pdf));
  const canvas = createCanvas(image.width, image.height);
  const g = canvas.getContext("2d");
  g.drawImage(image, 0, 0);
  const data = g.getImageData(0, 0, image.width, image.height);
  return jsQR(new Uint8ClampedArray(data.data), image.width, image.height)?.data;
}
