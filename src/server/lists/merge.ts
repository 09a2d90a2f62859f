/**
 * On login the guest's basket, favourites and comparison join the user's own, in one transaction:
 * nothing from either side is lost. Basket quantities of a product on both sides are added up
 * (cut to the product's limit); the guest's rows are then deleted so a second login cannot add
 * them twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { baskets } from '../db/schema';
import { limitSql } from '../basket/limits';
import { affectedRows } from '../db/rows';

export type MergeResult = { basket: number; favorites: number; compare: number };

export async function mergeGuestLists(db: Db, guestKey: string, userKey: string): Promise<MergeResult> {
  if (guestKey === userKey) return { basket: 0, favorites: 0, compare: 0 };
  return db.transaction(async (tx) => {
    const [guest] = await tx.select({ id: baskets.id }).from(baskets).where(eq(baskets.ownerKey, guestKey)).for('update');
    let basket = 0;
    if (guest) {
      const [user] = await tx
        .insert(baskets)
        .values({ ownerKey: userKey })
        .onConflictDoUpdate({ target: baskets.ownerKey, set: { updatedAt: sql`now()` } })
        .returning({ id: baskets.id });
      const moved = await tx.execute(sql`
        INSERT INTO basket_items (basket_id, product_id, quantity, motivation, created_at)
        SELECT ${user!.id}, g.product_id, g.quantity, g.motivation, g.created_at FROM basket_items g WHERE g.basket_id = ${guest.id}
        ON CONFLICT (basket_id, product_id) DO UPDATE SET
          quantity = GREATEST(basket_items.quantity, LEAST(basket_items.quantity + excluded.quantity, ${limitSql(sql`excluded.product_id`)})),
          motivation = basket_items.motivation OR excluded.motivation
        RETURNING product_id`);
      basket = affectedRows(moved);
      await tx.delete(baskets).where(eq(baskets.id, guest.id));
    }
    const fav = await tx.execute(sql`
      WITH moved AS (DELETE FROM favorites WHERE owner_key = ${guestKey} RETURNING product_id, created_at)
      INSERT INTO favorites (owner_key, product_id, created_at) SELECT ${userKey}, product_id, created_at FROM moved
      ON CONFLICT DO NOTHING RETURNING product_id`);
    const cmp = await tx.execute(sql`
      WITH moved AS (DELETE FROM compare_items WHERE owner_key = ${guestKey} RETURNING product_id, created_at)
      INSERT INTO compare_items (owner_key, product_id, created_at) SELECT ${userKey}, product_id, created_at FROM moved
      ON CONFLICT DO NOTHING RETURNING product_id`);
    return { basket, favorites: affectedRows(fav), compare: affectedRows(cmp) };
  });
}
