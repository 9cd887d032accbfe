import { writeFileSync } from "node:fs";
import { createI18n } from "../src/bot/i18n.ts";
import { actDocument, receiptDocument } from "../src/bot/paper/document.ts";
import { drawPaper } from "../src/bot/paper/draw.ts";
const i18n = createI18n("ru");
const order: any = {
  id: "abc123", number: "А001042", dateCreate: new Date("2026-11-27T10:15:00Z"), dateClose: new Date("2026-11-30T12:00:00Z"),
  counteragent: { name: "Иванова Мария Петровна", phones: ["+7 903 555-12-34"] },
  typeDevice: "Смартфон", brand: "Apple", model: "iPhone 12", sn: "F2LXK9ABC123", color: "Синий",
  problem: ["Не включается", "Разбит экран"], completeSet: ["Чехол", "Зарядное устройство"], appearance: ["Царапины на корпусе"],
  approximatePrice: "8000", cash: { summ: 2000 }, deadline: new Date("2026-11-30T16:00:00Z"), manager: { name: "Ольга Смирнова" },
  recommendation: "Заменён дисплейный модуль, проверена зарядка.",
  positions: [{ name: "Замена дисплея", count: 1, price: 3500 }, { name: "Дисплейный модуль iPhone 12 (оригинал)", count: 1, price: 9500 }, { name: "Защитное стекло", count: 2, price: 450.5 }],
  summ: { price: 13900, soldPrice: 13901 },
};
for (const locale of ["ru", "en"] as const) {
  const t = (k: string, v?: any) => i18n.t(locale, k, v);
  const common = { order, shop: { name: "Сервис на Ленина", address: "г. Екатеринбург, ул. Ленина, 12", phone: "+7 343 200-10-42", hours: "Пн–Пт 10:00–19:00, Сб 11:00–16:00" }, t, locale, timezone: "Asia/Yekaterinburg" };
  const r = receiptDocument({ ...common, terms: t("paper-terms-default"), clerk: "Ольга Смирнова", link: "https://t.me/test_bot?start=rABCDEFGHIJKLYWJjMTIz" });
  const a = actDocument({ ...common, warrantyDays: 30, now: new Date() });
  for (const f of ["a4", "80mm"] as const) {
    let t0 = performance.now();
    const pdf = await drawPaper(r, f);
    console.log(locale, f, "receipt", pdf.length, (performance.now() - t0).toFixed(1));
    writeFileSync(`/tmp/paper-receipt-${locale}-${f}.pdf`, pdf);
    t0 = performance.now();
    const pdf2 = await drawPaper(a, f);
    console.log(locale, f, "act", pdf2.length, (performance.now() - t0).toFixed(1));
    writeFileSync(`/tmp/paper-act-${locale}-${f}.pdf`, pdf2);
  }
}
{
  const t = (k: string, v?: any) => i18n.t("ru", k, v);
  const common = { order, shop: { name: "Сервис" }, t, locale: "ru" as const, timezone: "Asia/Yekaterinburg" };
  const r = receiptDocument({ ...common, terms: t("paper-terms-default"), clerk: "Ольга", link: "https://t.me/test_bot?start=rABCDEFGHIJKLYWJjMTIz" });
  for (let i = 0; i < 5; i++) { const t0 = performance.now(); await drawPaper(r, "a4"); console.log("warm a4", (performance.now() - t0).toFixed(1)); }
}
