/** A source of time; tests inject one to cross lifetimes without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's time for domain rules (a service's capacity, listing confirmation); `buildApp({ clock })` in tests. */
    clock: Clock;
  }
}
