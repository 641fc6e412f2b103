import { OrdersSection } from './orders-section.tsx';
import { ShopBadgesSection } from './shop-badges-section.tsx';
import './shop.css';

/** The shop (spec admin §2 shop): orders with "fulfil again", and the price, stock and sale state of each shop badge. */
export function ShopTab({ adminId }: { adminId: string }) {
  return (
    <div className="admin-shop">
      <OrdersSection adminId={adminId} />
      <ShopBadgesSection adminId={adminId} />
    </div>
  );
}
