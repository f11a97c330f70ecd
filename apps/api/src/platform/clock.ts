/** A source of time; tests inject one to cross lifetimes without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
