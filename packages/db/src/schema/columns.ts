import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Bytes (`bytea`), read as a `Buffer`. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** `timestamp with time zone`, read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Creation and last-change instants; `updated_at` is refreshed by Drizzle on every update. */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
