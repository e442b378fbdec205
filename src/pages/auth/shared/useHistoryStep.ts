import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A later step of a multi-step page (the code step after the form) as its own browser history entry, so
 * Back, the browser's or the page's, returns to the previous step of the same page with its fields kept:
 * the page stays mounted, only the history entry changes. Forward shows the step again.
 *
 * `value` is what the step needs (the code just sent); it is null on any other entry.
 */
export function useHistoryStep<T>(name: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState<T | null>(null);
  const state = (location.state ?? null) as Record<string, unknown> | null;
  const onStep = state?.step === name;
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };

  // Reloaded on the step's entry: what the step needs is gone, so the entry goes back to the first step.
  useEffect(() => {
    if (onStep && value === null) void navigate(here, { replace: true, state: { ...state, step: undefined } });
  });

  return {
    value: onStep ? value : null,
    /** Shows the step: a new history entry (or the same one again after a retry on it). */
    open(next: T) {
      setValue(next);
      if (!onStep) void navigate(here, { state: { ...state, step: name } });
    },
    /** Back to the previous step, exactly as the browser's Back does. */
    back() {
      if (onStep) void navigate(-1);
    },
  };
}
