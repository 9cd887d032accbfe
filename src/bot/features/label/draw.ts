/**
 * The device label as a PNG: 464 × 320 px, a 58 × 40 mm label at 203 dpi
 * (thermal label printers), readable on A4 too. The order number large on
 * top, the QR code of the card's link on the left, the date, client and
 * device beside it. Black on white only: thermal printers have no grey.
 * Text in DejaVu Sans shipped in assets/fonts/ (Cyrillic), loaded explicitly.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import QRCode from "qrcode";
import { SHIPPED_FONT_FAMILY, shippedFont } from "../../ui/shipped-font.ts";

export const LABEL_WIDTH = 464;
export const LABEL_HEIGHT = 320;
const MARGIN = 12;

interface LabelContent {
  number: string;
  /** The date line as the user reads it ("25 ноя. 2026"). */
  date?: string | undefined;
  client?: string | undefined;
  device?: string | undefined;
  /** The deep link the QR code holds; no link, no code. */
  link?: string | undefined;
}

/** The label's PNG. */
export async function drawLabel(content: LabelContent): Promise<Buffer> {
  shippedFont();
  const canvas = createCanvas(LABEL_WIDTH, LABEL_HEIGHT);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, LABEL_WIDTH, LABEL_HEIGHT);
  g.fillStyle = "#000";
  g.textBaseline = "top";

  const top = MARGIN;
  fitLine(g, content.number, {
    x: MARGIN,
    y: top,
    width: LABEL_WIDTH - 2 * MARGIN,
    size: 44,
    min: 24,
    bold: true,
  });
  const bodyTop = top + 56;
  const qrSize = LABEL_HEIGHT - bodyTop - MARGIN;
  if (content.link) drawQr(g, content.link, MARGIN, bodyTop, qrSize);
  const x = content.link ? MARGIN + qrSize + 12 : MARGIN;
  const width = LABEL_WIDTH - x - MARGIN;
  let y = bodyTop + 4;
  if (content.date) y = fitLine(g, content.date, { x, y, width, size: 22, min: 16 }) + 10;
  if (content.client)
    y = wrapLines(g, content.client, { x, y, width, size: 24, min: 16, lines: 3, bold: true }) + 10;
  if (content.device) wrapLines(g, content.device, { x, y, width, size: 22, min: 16, lines: 3 });
  return canvas.encode("png");
}

function drawQr(g: SKRSContext2D, link: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
  // A quiet zone of 2 modules around; whole pixels per module keep the edges sharp for scanners.
  const cell = Math.floor(size / (modules.size + 4));
  const offset = Math.floor((size - cell * modules.size) / 2);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) g.fillRect(x + offset + col * cell, y + offset + row * cell, cell, cell);
    }
  }
}

interface TextBox {
  x: number;
  y: number;
  width: number;
  size: number;
  min: number;
  bold?: boolean;
}

const fontOf = (size: number, bold?: boolean) => `${bold ? "bold " : ""}${size}px "${SHIPPED_FONT_FAMILY}"`;

/** One line, shrunk to fit down to `min`, then cut with "…"; returns the y below it. */
function fitLine(g: SKRSContext2D, text: string, box: TextBox): number {
  let size = box.size;
  g.font = fontOf(size, box.bold);
  while (size > box.min && g.measureText(text).width > box.width) {
    size -= 2;
    g.font = fontOf(size, box.bold);
  }
  g.fillText(cutToWidth(g, text, box.width), box.x, box.y);
  return box.y + Math.round(size * 1.2);
}

/** Words wrapped over at most `lines` lines (the last one cut with "…"); returns the y below them. */
function wrapLines(g: SKRSContext2D, text: string, box: TextBox & { lines: number }): number {
  const words = text.split(/\s+/).filter(Boolean);
  for (let size = box.size; ; size -= 2) {
    g.font = fontOf(size, box.bold);
    const lines = wrapWords((line) => g.measureText(line).width, words, box.width);
    // Smaller until every line fits whole (a long surname is one word), down to `min`.
    const fits = lines.length <= box.lines && lines.every((line) => g.measureText(line).width <= box.width);
    if (fits || size <= box.min) {
      const shown = lines.slice(0, box.lines);
      if (lines.length > box.lines)
        shown[box.lines - 1] = `${shown[box.lines - 1]} ${lines.slice(box.lines).join(" ")}`;
      let y = box.y;
      for (const line of shown) {
        g.fillText(cutToWidth(g, line, box.width), box.x, y);
        y += Math.round(size * 1.2);
      }
      return y;
    }
  }
}

/**
 * Words over lines no wider than `width`: a word wider than a line (a double
 * surname, a serial number) is broken after a hyphen where one fits, else
 * between letters, so nothing is lost for want of a space.
 */
export function wrapWords(measure: (text: string) => number, words: string[], width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of words.flatMap((w) => breakWord(measure, w, width))) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** A word cut into pieces that each fit `width` (a piece ends after a hyphen where possible). */
function breakWord(measure: (text: string) => number, word: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = Array.from(word);
  while (rest.length > 1 && measure(rest.join("")) > width) {
    let end = 1;
    while (end < rest.length && measure(rest.slice(0, end + 1).join("")) <= width) end++;
    const hyphen = rest.slice(0, end).lastIndexOf("-");
    const cut = hyphen > 0 ? hyphen + 1 : end;
    pieces.push(rest.slice(0, cut).join(""));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) pieces.push(rest.join(""));
  return pieces;
}

function cutToWidth(g: SKRSContext2D, text: string, width: number): string {
  if (g.measureText(text).width <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && g.measureText(`${chars.join("")}…`).width > width) chars.pop();
  return `${chars.join("")}…`;
}
