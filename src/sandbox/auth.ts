/**
 * Tokens of POST /auth. A token is sent raw in `Authorization` (no "Bearer")
 * and lives `ttl` seconds. Tokens of the ready line and fixed tokens of the
 * grants file are permanent, so a pasted demo token keeps working; the
 * expireTokens fault revokes them too.
 */
import { randomBytes } from "node:crypto";
import type { Clock } from "./store.ts";

interface TokenEntry {
  login: string;
  expiresAt: number;
}

export class Tokens {
  private readonly clock: Clock;
  private readonly entries = new Map<string, TokenEntry>();
  /** Expired tokens are dropped when the map reaches this size (doubling: amortized O(1) per login). */
  private sweepAt = 1024;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  issue(login: string, ttlSeconds: number): string {
    if (this.entries.size >= this.sweepAt) this.sweep();
    const token = randomBytes(24).toString("hex");
    this.entries.set(token, { login, expiresAt: this.clock.now() + ttlSeconds * 1000 });
    return token;
  }

  /** Registers a token that does not expire (ready line, grants file). */
  addPermanent(token: string, login: string): void {
    this.entries.set(token, { login, expiresAt: Number.POSITIVE_INFINITY });
  }

  /** The login of a live token, or undefined for an unknown or expired one. */
  resolve(token: string): string | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.clock.now() >= entry.expiresAt) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.login;
  }

  /** Tokens held (live, and expired ones not yet swept). */
  get size(): number {
    return this.entries.size;
  }

  /** A token replaced by a newer login is never sent again: without this the map grows with every /auth. */
  private sweep(): void {
    const now = this.clock.now();
    for (const [token, entry] of this.entries) if (now >= entry.expiresAt) this.entries.delete(token);
    this.sweepAt = Math.max(1024, this.entries.size * 2);
  }

  /** Invalidates every token issued so far (fault "expireTokens"). */
  expireAll(): void {
    this.entries.clear();
  }
}
