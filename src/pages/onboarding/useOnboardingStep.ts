import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { chooseMerchant } from '@/authProvider/merchantSession';
import { CHOOSE_MERCHANT_PATH } from '@/authProvider/paths';
import type { AfterMerchantStep } from '@/authProvider/afterMerchant';
import type { ChooseMerchantState } from './ChooseMerchantPage';

/**
 * Shared actions of the onboarding steps: re-check the merchant (the step is done in the wallet app or by
 * the merchant's representative, so the server's todo actions are the truth) and "continue later".
 */
export function useOnboardingStep(merchantId: number, step: AfterMerchantStep['step']) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);

  const recheck = useCallback(async () => {
    setChecking(true);
    setStillPending(false);
    try {
      const result = await chooseMerchant(merchantId);
      if (result.step === step) {
        setStillPending(true);
      } else if (result.step === 'p2m') {
        navigate(CHOOSE_MERCHANT_PATH, { replace: true, state: { manual: true } satisfies ChooseMerchantState });
      } else {
        navigate(result.path, { replace: true });
      }
    } catch {
      // The httpClient has shown the §8 message.
    } finally {
      setChecking(false);
    }
  }, [merchantId, navigate, step]);

  const later = useCallback(() => {
    navigate(CHOOSE_MERCHANT_PATH, { state: { manual: true } satisfies ChooseMerchantState });
  }, [navigate]);

  return { recheck, later, checking, stillPending };
}
