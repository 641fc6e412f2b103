import { testPaySchema, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { browser } from '../../../lib/browser.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { usePayTestCheckout } from '../api/pay-test-checkout.ts';
import { SHOP_TEXTS as T } from '../texts.ts';

const PREFILLED_CARD = '4242 4242 4242 4242';

/** The card number (prefilled with the test card that pays), 支払う and キャンセル. */
export function TestPayForm({ sessionId, onCancel }: { sessionId: string; onCancel: () => void }) {
  const pay = usePayTestCheckout();
  const sendPay = useSingleFlight(pay);
  const [cardNumber, setCardNumber] = useState(PREFILLED_CARD);
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema checks the number as the server will (16 digits, spaces and dashes allowed).
    const parsed = testPaySchema.safeParse({ card_number: cardNumber });
    if (!parsed.success) {
      setInvalid(validationErrorOf(parsed.error.issues[0]).message);
      return;
    }
    setInvalid(null);
    sendPay(
      { sessionId, cardNumber: parsed.data.card_number },
      { onSuccess: ({ redirect_url }) => browser.assign(redirect_url) },
    );
  };

  // Paid: the browser is leaving for the shop, the form stays disabled.
  const busy = pay.isPending || pay.isSuccess;
  const error = invalid ?? (pay.isError ? pay.error.message : null);
  return (
    <form className="form test-checkout__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={fieldId} className="field__label">
          {T.cardNumber}
        </label>
        <input
          id={fieldId}
          className="input test-checkout__card"
          inputMode="numeric"
          autoComplete="off"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          aria-describedby={hintId}
          aria-invalid={error !== null}
        />
        <p id={hintId} className="field__hint">
          {T.cardHint}
        </p>
      </div>
      {error && (
        <Notice tone="danger" live title={T.payFailed}>
          <p>{error}</p>
        </Notice>
      )}
      <div className="test-checkout__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {T.cancel}
        </button>
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? T.paying : T.pay}
        </button>
      </div>
    </form>
  );
}
