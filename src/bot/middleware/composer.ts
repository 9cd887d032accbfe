/**
 * grammY's Composer with the same API and behaviour, run flat. grammY nests a
 * pair of async functions per `use` and builds a new Composer per update for
 * every `filter` (command, on, hears, callbackQuery... go through `branch` and
 * `lazy`): a text message passes some 40 of them on its way to its feature, and
 * unwinding that many async frames was a quarter of a lookup's CPU (issue 34.4,
 * `npm run bench`). Here a composer's middleware is one list stepped through
 * Koa-style, and a branch chooses between two middleware built once.
 *
 * Every Composer of src/ is this one (biome.json's noRestrictedImports): what
 * grammY's own methods build inside (`errorBoundary`, `fork`, `lazy`, `route`)
 * stays grammY's and works as it always did. A branch's array of middleware is
 * taken as it is when the branch is made (grammY reads it again per update).
 */
import { type Context, Composer as GrammyComposer, type Middleware, type MiddlewareFn } from "grammy";

type MaybePromise<T> = T | Promise<T>;
type MaybeArray<T> = T | T[];

export class Composer<C extends Context> extends GrammyComposer<C> {
  readonly #list: MiddlewareFn<C>[];
  readonly #handler: MiddlewareFn<C>;

  constructor(...middleware: Middleware<C>[]) {
    super();
    this.#list = middleware.map(flatten);
    this.#handler = steps(this.#list);
  }

  override middleware(): MiddlewareFn<C> {
    return this.#handler;
  }

  override use(...middleware: Middleware<C>[]): Composer<C> {
    const composer = new Composer(...middleware);
    this.#list.push(flatten(composer));
    return composer;
  }

  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Middleware<D>[]): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Middleware<C>[]): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Middleware<C>[]): Composer<C> {
    const composer = new Composer(...middleware);
    this.branch(predicate, composer, pass);
    return composer;
  }

  override branch(
    predicate: (ctx: C) => MaybePromise<boolean>,
    trueMiddleware: MaybeArray<Middleware<C>>,
    falseMiddleware: MaybeArray<Middleware<C>>,
  ): Composer<C> {
    const onTrue = flattenAll(trueMiddleware);
    const onFalse = flattenAll(falseMiddleware);
    return this.use((ctx, next) => {
      const chosen = predicate(ctx);
      // Most predicates answer at once (a filter query, a command): no promise to wait for.
      if (!isThenable(chosen)) return (chosen ? onTrue : onFalse)(ctx, next);
      return Promise.resolve(chosen).then((yes) => (yes ? onTrue : onFalse)(ctx, next));
    });
  }
}

/** The list's middleware one after another: each one's `next` is the next one's turn, the last's is `next`. */
function steps<C extends Context>(list: readonly MiddlewareFn<C>[]): MiddlewareFn<C> {
  return (ctx, next) => {
    let reached = -1;
    const step = (i: number): Promise<void> => {
      try {
        // As grammY's: a middleware calling `next` twice is a bug, said at once.
        if (i <= reached) throw new Error("`next` already called before!");
        reached = i;
        const middleware = list[i];
        // What a middleware returns is awaited, never read (grammY's `next` is a Promise<void>).
        return Promise.resolve(
          middleware === undefined ? next() : middleware(ctx, () => step(i + 1)),
        ) as Promise<void>;
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return step(0);
  };
}

function flatten<C extends Context>(middleware: Middleware<C>): MiddlewareFn<C> {
  if (typeof middleware === "function") return middleware;
  // Ours hands out one handler for good (its list grows under it); grammY's changes with each `use`.
  if (middleware instanceof Composer) return middleware.middleware();
  return (ctx, next) => middleware.middleware()(ctx, next);
}

function flattenAll<C extends Context>(middleware: MaybeArray<Middleware<C>>): MiddlewareFn<C> {
  return Array.isArray(middleware) ? new Composer(...middleware).middleware() : flatten(middleware);
}

function pass<C extends Context>(_ctx: C, next: () => Promise<void>): Promise<void> {
  return next();
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}
