/**
 * The fonts every document is set in: DejaVu Sans and its bold, shipped in
 * assets/fonts (Cyrillic included; the Dockerfile copies assets/), parsed
 * once per process: parsing the files is most of the time a document takes,
 * and pdfkit takes a parsed font as it takes a file (each document still
 * embeds its own subset). The host's fonts are never used.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { create, type Font } from "fontkit";

const FONT_DIR = new URL("../../../assets/fonts/", import.meta.url);

let parsed: { regular: Font; bold: Font } | undefined;

function load(file: string): Font {
  const font = create(readFileSync(fileURLToPath(new URL(file, FONT_DIR))));
  // A collection (.ttc) would be no single font: the shipped files are plain TrueType.
  if (!("layout" in font)) throw new Error(`${file} is not a single font`);
  return font;
}

/** The shipped fonts, parsed; a missing file throws (the image or checkout is broken). */
export function paperFonts(): { regular: Font; bold: Font } {
  parsed ??= { regular: load("DejaVuSans.ttf"), bold: load("DejaVuSans-Bold.ttf") };
  return parsed;
}
