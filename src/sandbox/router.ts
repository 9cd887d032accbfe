/** A small router: "/shops/:id/orders"-style patterns, one handler per method. */

import type { ApiClient } from "./grants.ts";
import type { Query } from "./rules.ts";
import type { Store } from "./store.ts";

export interface RequestContext {
  store: Store;
  client: ApiClient;
  query: Query;
  params: Record<string, string>;
  body: unknown;
}

/** What a handler answers; the server adds remainRequest and expireDate. */
export type Handler = (ctx: RequestContext) => Record<string, unknown>;

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

interface Route {
  method: Method;
  segments: string[];
  handler: Handler;
}

type RouteMatch =
  | { kind: "found"; handler: Handler; params: Record<string, string> }
  | { kind: "no-method" }
  | { kind: "no-path" };

export class Router {
  private readonly routes: Route[] = [];

  add(method: Method, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split("/").filter(Boolean), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const parts = path.split("/").filter(Boolean);
    let pathKnown = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      pathKnown = true;
      if (route.method === method) return { kind: "found", handler: route.handler, params };
    }
    return pathKnown ? { kind: "no-method" } : { kind: "no-path" };
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? "";
    const part = parts[i] ?? "";
    if (segment.startsWith(":")) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    } else if (segment !== part) {
      return undefined;
    }
  }
  return params;
}
