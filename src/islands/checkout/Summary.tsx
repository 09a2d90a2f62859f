import { ordersDict as T } from '../../i18n/ru-orders';
import { money, type CheckoutState } from '../../stores/checkout';

type Props = { state: CheckoutState; totals: CheckoutState['delivery_totals']['1']; showDelivery: boolean };

/** The order as it will be charged: lines with this buyer's prices, goods, discount, delivery, total with VAT. */
export default function Summary({ state, totals, showDelivery }: Props) {
  const info = state.basket.info;
  return (
    <section className="panel co-sum" aria-labelledby="co-sum-h">
      <h2 id="co-sum-h">{T.CHECKOUT_UI_YOUR_ORDER}</h2>
      <ul className="co-lines">
        {state.basket.items.map((i) => (
          <li key={i.product_id} data-testid="checkout-line">
            <a href={i.url}>{i.name}</a>
            <span className="muted">
              {i.article} · {i.quantity} {T.CHECKOUT_UI_PCS} × {money(i.price)}
              {i.on_order && <b className="co-tag">{T.CHECKOUT_UI_ON_ORDER}</b>}
            </span>
            <span className="co-lines__sum">{money(i.sum)}</span>
          </li>
        ))}
      </ul>
      {state.basket.unavailable.length > 0 && (
        <p className="muted">
          {T.CHECKOUT_UI_UNAVAILABLE} {state.basket.unavailable.map((u) => u.name).join(', ')}
        </p>
      )}
      <dl className="co-totals">
        <dt>{T.CHECKOUT_UI_GOODS} ({info.quantity} {T.CHECKOUT_UI_PCS})</dt>
        <dd>{money(info.base_sum)}</dd>
        {info.discount_sum > 0 && (
          <>
            <dt>{T.CHECKOUT_UI_DISCOUNT}</dt>
            <dd className="co-disc">−{money(info.discount_sum)}</dd>
          </>
        )}
        {showDelivery && (
          <>
            <dt>{T.CHECKOUT_UI_DELIVERY_PRICE}</dt>
            <dd>{totals.delivery_price ? money(totals.delivery_price) : T.CHECKOUT_UI_FREE}</dd>
          </>
        )}
        <dt className="co-total">{T.CHECKOUT_UI_TOTAL}</dt>
        <dd className="co-total" data-testid="checkout-total">{money(totals.total)}</dd>
        <dt className="muted">{T.CHECKOUT_UI_VAT}</dt>
        <dd className="muted" data-testid="checkout-vat">{money(totals.vat)}</dd>
      </dl>
    </section>
  );
}
