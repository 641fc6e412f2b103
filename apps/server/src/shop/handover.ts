import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { orders } from '../db/schema.ts';

// Orders are records of sales the law says to keep (ORDER_RECORD_RETENTION_YEARS): a deleted account's orders stay,
// moved to its anonymised remainder (deletion/), so the orders tab and reconciliation still see every sale.

/** Moves a player's orders from `from` to `to` (a new users row). */
export async function handOverOrders(tx: Tx, from: string, to: string): Promise<number> {
  const moved = await tx.update(orders).set({ userId: to }).where(eq(orders.userId, from)).returning({ id: orders.id });
  return moved.length;
}
