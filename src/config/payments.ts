/**
 * Payments in the chat (Telegram Payments through the shop's provider): the
 * PAYMENT_* variables, what they become, and what must hold together. Absent
 * PAYMENT_PROVIDER_TOKEN: no payments, nothing offered.
 */
import { z } from "zod";
import { nameList, optionalText } from "./fields.ts";

const onOff = (name: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? "off" : String(v).trim().toLowerCase()),
    z.enum(["on", "off"], { error: `${name} must be on or off` }),
  );

/** The variables, spread into the environment's schema (env-schema.ts). */
export const paymentEnv = {
  /** The provider token from @BotFather (Payments); a secret, never logged. */
  PAYMENT_PROVIDER_TOKEN: optionalText,
  PAYMENT_CURRENCY: z.preprocess(
    (v) => (v === "" || v === undefined ? "RUB" : String(v).trim().toUpperCase()),
    z.string().regex(/^[A-Z]{3}$/, { message: "PAYMENT_CURRENCY must be a three-letter code such as RUB" }),
  ),
  /** The register (by id or name) taking the bank payments; several workshops: one per workshop. */
  PAYMENT_REGISTER: nameList,
  PAYMENT_STATUS: optionalText,
  PAYMENT_PREPAY_STATUS: optionalText,
  PAYMENT_PREPAY_PERCENT: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Number(String(v).trim().replace(/%$/, ""))),
    z
      .number({ error: "PAYMENT_PREPAY_PERCENT must be a number" })
      .int({ message: "PAYMENT_PREPAY_PERCENT must be a whole percent" })
      .min(1, { message: "PAYMENT_PREPAY_PERCENT must be 1-100" })
      .max(100, { message: "PAYMENT_PREPAY_PERCENT must be 1-100" })
      .optional(),
  ),
  PAYMENT_RECEIPT: onOff("PAYMENT_RECEIPT"),
  PAYMENT_VAT_CODE: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : Number(String(v).trim())),
    z
      .number({ error: "PAYMENT_VAT_CODE must be a number" })
      .int()
      .min(1, { message: "PAYMENT_VAT_CODE must be the provider's VAT code, 1-12" })
      .max(12, { message: "PAYMENT_VAT_CODE must be the provider's VAT code, 1-12" }),
  ),
};

/** What the bot reads (Config.payments): present only with a provider token. */
export const paymentsConfig = z.object({
  providerToken: z.string(),
  currency: z.string(),
  /** Registers by id or name; the one of the order's workshop takes the payment. */
  registers: z.array(z.string()),
  /** The status a paid ready order moves to (it must demand payment on entry). */
  status: z.string(),
  /** The prepayment asked once a client approves into this status (it demands payment on entry too). */
  prepay: z.object({ status: z.string(), percent: z.number() }).optional(),
  /** PAYMENT_RECEIPT=on: the client's e-mail or phone asked, the receipt's item sent to the provider. */
  receipt: z.boolean(),
  vatCode: z.number(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

const paymentEnvSchema = z.object(paymentEnv);
type PaymentEnv = z.output<typeof paymentEnvSchema>;

/** The settings, or undefined without a provider token. */
export function paymentsOf(c: PaymentEnv): PaymentsConfig | undefined {
  if (!c.PAYMENT_PROVIDER_TOKEN || !c.PAYMENT_STATUS) return undefined;
  return {
    providerToken: c.PAYMENT_PROVIDER_TOKEN,
    currency: c.PAYMENT_CURRENCY,
    registers: c.PAYMENT_REGISTER,
    status: c.PAYMENT_STATUS,
    prepay:
      c.PAYMENT_PREPAY_STATUS && c.PAYMENT_PREPAY_PERCENT
        ? { status: c.PAYMENT_PREPAY_STATUS, percent: c.PAYMENT_PREPAY_PERCENT }
        : undefined,
    receipt: c.PAYMENT_RECEIPT === "on",
    vatCode: c.PAYMENT_VAT_CODE,
  };
}

/** A payment needs the client's side, a register and a status; the prepayment both of its settings. */
export function paymentsErrors(c: PaymentEnv & { CLIENTS: string }): string[] {
  if (!c.PAYMENT_PROVIDER_TOKEN) return [];
  const errors: string[] = [];
  if (c.CLIENTS !== "on") errors.push("PAYMENT_PROVIDER_TOKEN needs the client's side: set CLIENTS=on");
  if (c.PAYMENT_REGISTER.length === 0)
    errors.push(
      "PAYMENT_PROVIDER_TOKEN needs PAYMENT_REGISTER: the register (id or name) taking bank payments",
    );
  if (!c.PAYMENT_STATUS)
    errors.push("PAYMENT_PROVIDER_TOKEN needs PAYMENT_STATUS: the status a paid order moves to");
  if (Boolean(c.PAYMENT_PREPAY_STATUS) !== (c.PAYMENT_PREPAY_PERCENT !== undefined))
    errors.push("PAYMENT_PREPAY_STATUS and PAYMENT_PREPAY_PERCENT are set together (or neither)");
  return errors;
}
