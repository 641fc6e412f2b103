import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// The checkout page sends the player back to /shop?checkout=success&session_id=… or /shop?checkout=cancel. The
// parameters are read once and removed from the address, so a reload or a shared link does not repeat the message.

type CheckoutReturn = { kind: 'none' } | { kind: 'cancel' } | { kind: 'success'; sessionId: string };

function parseCheckoutReturn(params: URLSearchParams): CheckoutReturn {
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  if (checkout === 'cancel') return { kind: 'cancel' };
  if (checkout === 'success' && sessionId) return { kind: 'success', sessionId };
  return { kind: 'none' };
}

export function useCheckoutReturn(): CheckoutReturn {
  const [params, setParams] = useSearchParams();
  const [result] = useState(() => parseCheckoutReturn(params));
  useEffect(() => {
    if (params.has('checkout') || params.has('session_id')) setParams({}, { replace: true });
  }, [params, setParams]);
  return result;
}
