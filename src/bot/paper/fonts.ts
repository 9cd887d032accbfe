/**
 * The fonts every document is set in: DejaVu Sans and its bold, shipped in
 * assets/fonts (Cyrillic included; the Dockerfile copies assets/). Parsing
 * the files is most of the time a document takes, so each is parsed once per
 * process and every document gets a view of it: the decoded tables shared,
 * the glyph cache its own. (fontkit caches a glyph with the characters it was
 * first asked for; a cache shared across documents hands a later document
 * glyphs that name no characters, and its text no longer reads back.)
 * The host's fonts are never used.
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

/** One document's view of a parsed font: its tables, a glyph cache of its own. */
function viewOf(font: Font): Font {
  return Object.assign(Object.create(font) as Font, { _glyphs: {} });
}

/** The shipped fonts for one document; a missing file throws (the image or checkout is broken). */
export function paperFonts(): { regular: Font; bold: Font } {
  parsed ??= { regular: load("DejaVuSans.ttf"), bold: load("DejaVuSans-Bold.ttf") };
  return { regular: viewOf(parsed.regular), bold: viewOf(parsed.bold) };
}
