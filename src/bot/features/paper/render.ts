/**
 * The documents of one order as PDFs, in the shop's document language
 * (DOCUMENT_LOCALE, whatever the clerk's), in the page formats PAPER_FORMAT
 * asks for. The workshop's name and address come from the reference cache
 * (GET /shops, cached: no request once warm), its phone and hours from
 * SHOP_PHONE / SHOP_HOURS (the service's phones when SHOP_PHONE is unset).
 */
import { readFile } from "node:fs/promises";
import type { Locale } from "../../../config/index.ts";
import { LOCALES } from "../../../config/schema.ts";
import type { Logger } from "../../../logger.ts";
import type { Order, Shop } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { moneySettings } from "../../money/order-money.ts";
import { acceptanceOf } from "../../paper/acceptance.ts";
import { actDocument } from "../../paper/act.ts";
import { type PaperDocument, receiptDocument, type ShopLines } from "../../paper/document.ts";
import { drawPaper } from "../../paper/draw.ts";
import type { PageFormat } from "../../paper/page.ts";
import { signPayload, startLink } from "../../ui/signed-payload.ts";
import type { PaperKind } from "./record.ts";

export interface DrawnPaper {
  format: PageFormat;
  pdf: Buffer;
}

interface PaperRequest {
  kind: PaperKind;
  order: Order;
  clerk?: string;
  botUsername: string;
  /** The page formats to draw (default PAPER_FORMAT's): a client's copy in Telegram is one. */
  formats?: PageFormat[];
}

function formatsOf(services: BotServices): PageFormat[] {
  const { format } = services.config.paper;
  return format === "both" ? ["a4", "80mm"] : [format];
}

export async function drawDocuments(
  services: BotServices,
  log: Logger,
  request: PaperRequest,
): Promise<DrawnPaper[]> {
  const model = await documentOf(services, log, request);
  const drawn: DrawnPaper[] = [];
  for (const format of request.formats ?? formatsOf(services)) {
    drawn.push({ format, pdf: await drawPaper(model, format) });
    // Each page drawn is bounded (paper/limits.ts); between two, other updates get their turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return drawn;
}

async function documentOf(services: BotServices, log: Logger, request: PaperRequest): Promise<PaperDocument> {
  const { config, i18n, clock } = services;
  const { order } = request;
  const locale = config.paper.locale;
  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);
  const common = {
    order,
    shop: await shopLines(services, log, order),
    t,
    locale,
    timezone: config.timezone,
    // Written in whichever language the documents were in then: both phrases are looked for.
    accepted: acceptanceOf(
      order,
      LOCALES.map((l) => i18n.t(l, "paper-terms-accepted-phrase")),
    ),
  };
  if (request.kind === "act") {
    const typeId = order.typeOrder?.id;
    const byType = typeId === undefined ? undefined : config.paper.warrantyByType[typeId];
    return actDocument({
      ...common,
      warrantyDays: byType ?? config.paper.warrantyDays,
      now: clock.now(),
      money: moneySettings(config),
    });
  }
  const payload = signPayload("receipt", order.id, config.botToken);
  return receiptDocument({
    ...common,
    terms: await termsOf(services, log, locale),
    clerk: request.clerk ?? order.manager?.name ?? order.createManager?.name,
    link: payload && startLink(request.botUsername, payload),
    copies: config.paper.copies,
  });
}

async function shopLines(services: BotServices, log: Logger, order: Order): Promise<ShopLines> {
  const { phone, hours, legalName, taxId } = services.config.paper;
  let shop: Shop | undefined;
  try {
    shop = (await services.reference.shops()).find((s) => s.id === order.shop?.id);
  } catch (error) {
    // The workshop's address is the service's: without it the document still has the order's workshop name.
    log.warn({ err: String(error) }, "paper: the workshops could not be read");
  }
  return {
    name: shop?.name ?? order.shop?.name,
    address: shop?.address,
    phone: phone ?? shop?.phones?.filter(Boolean).join(", "),
    hours,
    legalName,
    taxId,
  };
}

/** REPAIR_TERMS_<LANG>, else the text of REPAIR_TERMS_<LANG>_FILE, else the locale's default. */
async function termsOf(services: BotServices, log: Logger, locale: Locale): Promise<string> {
  const terms = services.config.paper.terms[locale];
  if (terms.text) return terms.text.replace(/\\n/g, "\n");
  if (terms.file) {
    try {
      const text = (await readFile(terms.file, "utf8")).trim();
      if (text) return text;
    } catch (error) {
      // Checked at start; a file removed since then must not stop a receipt.
      log.warn({ err: String(error), file: terms.file }, "paper: the terms file could not be read");
    }
  }
  return services.i18n.t(locale, "paper-terms-default");
}
