/** A source of time; tests inject one to cross lifetimes without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    /** The time reads judge freshness by (e.g. a service's capacity); tests inject their own. */
    clock: Clock;
  }
}
