/** Column builders every domain's tables share (money, timestamps). */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
