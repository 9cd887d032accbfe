/**
 * The font every PNG of the bot is drawn with (the report chart, device
 * labels): DejaVu Sans and its bold, shipped in assets/fonts (Cyrillic
 * included, copied into the Docker image) and registered once under one
 * family, so the host's fonts are never used.
 */
import { fileURLToPath } from "node:url";
import { GlobalFonts } from "@napi-rs/canvas";

export const SHIPPED_FONT_FAMILY = "DejaVu Sans Shipped";
export const SHIPPED_FONT_FILES = [
  fileURLToPath(new URL("../../../assets/fonts/DejaVuSans.ttf", import.meta.url)),
  fileURLToPath(new URL("../../../assets/fonts/DejaVuSans-Bold.ttf", import.meta.url)),
];

let registered = false;

/** Registers the shipped font (once) and gives its family; a file that does not load throws. */
export function shippedFont(): string {
  if (!registered) {
    for (const file of SHIPPED_FONT_FILES) {
      if (!GlobalFonts.registerFromPath(file, SHIPPED_FONT_FAMILY))
        throw new Error(`The shipped font did not load: ${file}`);
    }
    registered = true;
  }
  return SHIPPED_FONT_FAMILY;
}
