import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Alert, Button, Skeleton, theme, type GlobalToken } from 'antd';
import { useTranslation } from 'react-i18next';
// Types only: the library itself is imported when a Stripe card form is shown, never on other pages.
import type { Stripe, StripeCardElement, StripeElementLocale, StripeElementStyle } from '@stripe/stripe-js';
import { billingApi, type SavedCard } from './billing-api.ts';

/** What a Stripe card form hands its owner. */
export interface StripeCardHandle {
  /**
   * Confirms a new SetupIntent (POST /api/billing/setup-intent) with the card typed into
   * Stripe's element: the payment method id Stripe made, or the words to show when Stripe
   * refused the card. A failed API call rejects with its ApiFailure.
   */
  confirm(): Promise<{ paymentMethodId: string } | { error: string }>;
}

/** Stripe refused the card (declined, incomplete, …): its message is for the user. */
export class StripeCardRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeCardRefusal';
  }
}

/** Confirms the card in Stripe's element and saves it (POST /api/billing/payment-methods). */
export async function saveStripeCard(card: StripeCardHandle | null): Promise<SavedCard> {
  if (!card) throw new StripeCardRefusal('');
  const confirmed = await card.confirm();
  if ('error' in confirmed) throw new StripeCardRefusal(confirmed.error);
  return billingApi.addStripeCard(confirmed.paymentMethodId);
}

type LoadState = 'loading' | 'ready' | 'unavailable';

/** Stripe.js from js.stripe.com, or null when it cannot be had (no key, no network, blocked). */
async function openStripe(publishableKey: string | null): Promise<Stripe | null> {
  if (!publishableKey) return null;
  try {
    const { loadStripe } = await import('@stripe/stripe-js');
    return await loadStripe(publishableKey);
  } catch {
    return null;
  }
}

/** The element draws inside Stripe's frame: it gets the theme's colours and type (light or dark). */
function elementStyle(token: GlobalToken): StripeElementStyle {
  return {
    base: {
      color: token.colorText,
      iconColor: token.colorTextSecondary,
      fontFamily: token.fontFamily,
      fontSize: `${token.fontSizeLG}px`,
      fontSmoothing: 'antialiased',
      '::placeholder': { color: token.colorTextPlaceholder },
      ':disabled': { color: token.colorTextDisabled },
    },
    invalid: { color: token.colorError, iconColor: token.colorError },
  };
}

const STRIPE_LOCALES = new Set(['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh']);

/**
 * Stripe's own card element (docs/architecture.md#payments): card details go straight to Stripe, never through
 * FYN. Loads Stripe.js on first use; says plainly when it cannot be loaded.
 */
export function StripeCard({
  publishableKey,
  disabled = false,
  onReadyChange,
  ref,
}: {
  publishableKey: string | null;
  disabled?: boolean;
  /** Told whether the element can take a card (to enable the form's button). */
  onReadyChange?: (ready: boolean) => void;
  ref?: Ref<StripeCardHandle>;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const labelId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [focused, setFocused] = useState(false);
  const [liveError, setLiveError] = useState<string | null>(null);
  const liveErrorRef = useRef<string | null>(null);
  const style = useMemo(() => elementStyle(token), [token]);
  // The latest style, language and state for the loading effect, which runs once per attempt.
  const latest = useRef({ style, disabled, language: i18n.language });
  latest.current = { style, disabled, language: i18n.language };
  const onReadyChangeRef = useRef(onReadyChange);
  onReadyChangeRef.current = onReadyChange;

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    void openStripe(publishableKey).then((stripe) => {
      const target = mountRef.current;
      if (cancelled) return;
      if (!stripe || !target) return setState('unavailable');
      try {
        const { style: initialStyle, disabled: initiallyDisabled, language } = latest.current;
        const locale = (STRIPE_LOCALES.has(language) ? language : 'auto') as StripeElementLocale;
        const card = stripe.elements({ locale }).create('card', { style: initialStyle, disabled: initiallyDisabled, hidePostalCode: true });
        card.on('change', (event) => {
          liveErrorRef.current = event.error?.message ?? null;
          setLiveError(liveErrorRef.current);
        });
        card.on('focus', () => setFocused(true));
        card.on('blur', () => setFocused(false));
        card.mount(target);
        stripeRef.current = stripe;
        cardRef.current = card;
        setState('ready');
      } catch {
        setState('unavailable');
      }
    });
    return () => {
      cancelled = true;
      cardRef.current?.unmount();
      cardRef.current = null;
      stripeRef.current = null;
      liveErrorRef.current = null;
      setLiveError(null);
    };
  }, [publishableKey, attempt]);

  useEffect(() => onReadyChangeRef.current?.(state === 'ready'), [state]);

  // Dark mode switched, or the form busy: the element follows.
  useEffect(() => {
    if (state === 'ready') cardRef.current?.update({ style, disabled });
  }, [state, style, disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm() {
        const stripe = stripeRef.current;
        const card = cardRef.current;
        if (!stripe || !card) return { error: t('billing.stripe_unavailable') };
        // Stripe has already said what is wrong with the card (incomplete, invalid): no SetupIntent for that.
        if (liveErrorRef.current) return { error: liveErrorRef.current };
        const { client_secret: clientSecret } = await billingApi.setupIntent();
        if (!clientSecret) return { error: t('billing.stripe_unavailable') };
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (result.error) return { error: result.error.message ?? t('billing.card_not_accepted') };
        const method = result.setupIntent.payment_method;
        if (!method) return { error: t('billing.card_not_accepted') };
        return { paymentMethodId: typeof method === 'string' ? method : method.id };
      },
    }),
    [t],
  );

  return (
    <div className="fyn-stripe-card">
      <div
        id={labelId}
        className="fyn-stripe-card-label"
        style={{ color: token.colorTextHeading, fontSize: token.fontSize, marginBottom: token.marginXS }}
        onClick={() => cardRef.current?.focus()}
      >
        {t('billing.card_details')}
      </div>
      {state === 'unavailable' && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('billing.stripe_unavailable')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('billing.try_again')}
            </Button>
          }
        />
      )}
      {state === 'loading' && <Skeleton.Input active block aria-label={t('billing.stripe_loading')} />}
      <div
        role="group"
        aria-labelledby={labelId}
        hidden={state !== 'ready'}
        className="fyn-stripe-card-field"
        style={{
          padding: `${token.paddingSM - 2}px ${token.paddingSM - 1}px`,
          background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
          border: `${token.lineWidth}px solid ${liveError ? token.colorError : focused ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: focused ? `0 0 0 2px ${liveError ? token.colorErrorOutline : token.controlOutline}` : undefined,
          transition: `all ${token.motionDurationMid}`,
        }}
      >
        <div ref={mountRef} />
      </div>
      {liveError && (
        <div role="alert" style={{ color: token.colorError, fontSize: token.fontSize, marginTop: token.marginXXS }}>
          {liveError}
        </div>
      )}
    </div>
  );
}
