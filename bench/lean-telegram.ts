/**
 * A minimal fake Telegram `fetch` for throughput and latency: it records
 * nothing and checks nothing (test/helpers' FakeTelegram keeps every call and
 * message, which would grow over thousands of lookups), and tells the bench
 * when a method is called.
 */
export type OnTelegramCall = (method: string, payload: Record<string, unknown>) => void;

let messageId = 0;

export function leanTelegramFetch(onCall: OnTelegramCall = () => {}): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = url.slice(url.lastIndexOf("/") + 1);
    const body = typeof init?.body === "string" && init.body !== "" ? init.body : "{}";
    const payload = JSON.parse(body) as Record<string, unknown>;
    onCall(method, payload);
    const result =
      method === "sendMessage"
        ? {
            message_id: ++messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(payload.chat_id), type: "private", first_name: "User" },
            text: String(payload.text ?? ""),
          }
        : true;
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { "content-type": "application/json" },
    });
  };
}
