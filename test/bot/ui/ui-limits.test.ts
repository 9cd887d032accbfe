import { describe, expect, it } from "vitest";
import { CALLBACK_DATA_LIMIT, callbackCodec, pageNumber } from "../../../src/bot/ui/callback-data.ts";
import { cutHtml, cutText, escapeHtml, MESSAGE_LIMIT } from "../../../src/bot/ui/text.ts";

describe("callback data codec", () => {
  const codec = callbackCodec("os", ["token", "page"]);

  it("round-trips values, colons included", () => {
    const data = codec.encode({ token: "a:b", page: 3 });
    expect(data).toBe("os:a%3Ab:3");
    expect(codec.decode(data)).toEqual({ token: "a:b", page: "3" });
    expect(codec.filter.test(data)).toBe(true);
  });

  it("refuses to build data over 64 bytes", () => {
    const long = "я".repeat(40);
    expect(codec.fits({ token: long, page: 1 })).toBe(false);
    expect(() => codec.encode({ token: long, page: 1 })).toThrow(/over 64 bytes/);
    expect(Buffer.byteLength(codec.encode({ token: "x".repeat(55), page: 1 }))).toBeLessThanOrEqual(
      CALLBACK_DATA_LIMIT,
    );
  });

  it("rejects forged data", () => {
    expect(codec.decode("os:only-one-field")).toBeUndefined();
    expect(codec.decode("xx:a:1")).toBeUndefined();
    expect(codec.decode("os:%E0%A4%A:1")).toBeUndefined();
    expect(codec.decode(`os:${"a".repeat(70)}:1`)).toBeUndefined();
    expect(codec.decode(undefined)).toBeUndefined();
  });

  it("accepts only sane page numbers", () => {
    expect(pageNumber("2")).toBe(2);
    expect(pageNumber("0")).toBeUndefined();
    expect(pageNumber("-1")).toBeUndefined();
    expect(pageNumber("99999")).toBeUndefined();
  });
});

describe("text cutting", () => {
  it("escapes HTML", () => {
    expect(escapeHtml(`<b>"Tom & Jerry"</b>`)).toBe("&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;");
  });

  it("keeps short text as is", () => {
    expect(cutText("short")).toBe("short");
    expect(cutHtml("<b>short</b>")).toBe("<b>short</b>");
  });

  it("cuts plain text under the limit without splitting an emoji", () => {
    const text = "😀".repeat(3000);
    const cut = cutText(text);
    expect(cut.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.at(-2)).not.toMatch(/[\ud800-\udbff]/);
  });

  it("cuts HTML under the limit, closing open tags and not breaking entities", () => {
    const html = `<b>${"a&amp;b ".repeat(1000)}</b>`;
    const cut = cutHtml(html);
    expect(cut.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(cut).toMatch(/<\/b>\n…$/);
    expect(cut).not.toMatch(/&[a-z]*\n|&am<|&a<\//);
  });
});
