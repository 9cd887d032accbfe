/**
 * The label's text layout: long client names and devices wrap within the
 * label's width and keep every letter that fits (a double surname is broken
 * at its hyphen, a serial between letters); the longest link a label can
 * hold still gives a QR code a camera decodes.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import jsQRModule from "jsqr";
import { describe, expect, it } from "vitest";
import { drawLabel, LABEL_WIDTH, wrapWords } from "../../../../src/bot/features/label/draw.ts";
import { labelLink, labelPayload } from "../../../../src/bot/features/label/payload.ts";

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode =
  (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** A monospace measure: 10 px a character. */
const measure = (text: string) => Array.from(text).length * 10;

describe("wrapping a label's text", () => {
  it("keeps short words whole and every line within the width", () => {
    const lines = wrapWords(measure, ["Иванов", "Пётр", "Сергеевич"], 120);
    expect(lines).toEqual(["Иванов Пётр", "Сергеевич"]);
  });

  it("breaks a word wider than a line after its hyphen, keeping every letter", () => {
    const name = "Константинопольский-Щедрин";
    const lines = wrapWords(measure, [name, "Александр"], 200);
    expect(lines[0]).toBe("Константинопольский-");
    expect(lines.every((line) => measure(line) <= 200)).toBe(true);
    expect(lines.join("").replaceAll(" ", "")).toBe(`${name}Александр`);
  });

  it("breaks a serial with no hyphen between letters", () => {
    const lines = wrapWords(measure, ["C02ZK1ABCDEFGHJK"], 60);
    expect(lines).toEqual(["C02ZK1", "ABCDEF", "GHJK"]);
  });

  it("copes with nothing to wrap and with a line narrower than a letter", () => {
    expect(wrapWords(measure, [], 100)).toEqual([]);
    expect(wrapWords(measure, ["ab"], 5)).toEqual(["a", "b"]);
  });
});

describe("the label with the longest values", () => {
  it("is 464 px wide and its QR code of a 64-character payload decodes", async () => {
    const payload = labelPayload("x".repeat(38), "token");
    expect(payload?.length).toBe(64);
    const link = labelLink("a_rather_long_repair_shop_crm_bot", payload ?? "");
    const png = await drawLabel({
      number: "А001042",
      date: "25 ноя. 2026, 14:05",
      client: "Константинопольский-Щедрин Александр Вениаминович (ИП «Ремонтируем всё»)",
      device: "Ноутбук Apple MacBook Pro 16 A2141 серийный C02ZK1ABCDEFGHJK не включается",
      link,
    });
    const image = await loadImage(png);
    expect(image.width).toBe(LABEL_WIDTH);
    const g = createCanvas(image.width, image.height).getContext("2d");
    g.drawImage(image, 0, 0);
    const data = g.getImageData(0, 0, image.width, image.height);
    expect(jsQR(new Uint8ClampedArray(data.data), image.width, image.height)?.data).toBe(link);
  });
});
